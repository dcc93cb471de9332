// Fans the domain event log out to webhook endpoints (contract 6.3). It reads the log in commit order
// below the visible horizon (the technique of the events-by-barcode reader: docs/decisions.md, "Events in
// commit order"), so an event whose transaction commits late is still read, after the cursor. In one
// transaction it locks the cursor (another replica fanning out meanwhile is skipped, so each event is fanned
// out once), stores each webhook event's payload for its organization (the events feed and recover serve
// it), writes one delivery per event and matching enabled endpoint with its first attempt (the delivery
// queue), and moves the cursor; the delivery workers of this process are woken once it commits.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import {
  Database,
  DispatchEndpoint,
  DomainEventRepository,
  DomainEventRow,
  InventoryReadRepository,
  NewWebhookDelivery,
  NewWebhookEvent,
  Queryable,
  SalesOrderRepository,
  ShipmentRepository,
  WebhookDeliveryRepository,
} from '@gateway/persistence';
import { toShipmentDto } from '@gateway/domain';
import { toSalesOrderView } from '../../orders/dto/sales-order-view.dto';
import { WEBHOOK_OPTIONS, WebhookOptions } from '../model/webhook-options';
import { MappedWebhookEvent, WebhookSubject, mapDomainEvent, webhookIdOf } from '../model/webhook-event-mapping';
import { WEBHOOK_EVENT_CATALOG } from '../model/webhook-event-types';
import { WebhookPayload } from '../dto/webhook-payload.dto';
import { WebhookDeliveryQueue } from './webhook-delivery-queue';

/** Events read per transaction. */
const MAX_EVENTS = 500;
/** Deliveries written per transaction: with at most WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION endpoints, one event always fits. */
const MAX_DELIVERIES = 2000;

/** A resource with where it lives: an order's store, or a level's warehouse. */
interface Resource {
  data: WebhookPayload['data'];
  storeId?: string;
  warehouseId?: string;
}

@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDispatcher');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly db: Database,
    private readonly events: DomainEventRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly salesOrders: SalesOrderRepository,
    private readonly inventory: InventoryReadRepository,
    private readonly shipments: ShipmentRepository,
    private readonly deliveryQueue: WebhookDeliveryQueue,
    @Inject(WEBHOOK_OPTIONS) private readonly options: WebhookOptions,
  ) {}

  onApplicationBootstrap(): void {
    if (this.options.workers === false) return;
    this.timer = setInterval(() => this.tick(), this.options.dispatchIntervalMs ?? 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.dispatchAll()
      .catch((error: Error) => this.logger.warn(`webhook dispatch failed, retried at the next tick: ${error.message}`))
      .finally(() => (this.running = undefined));
  }

  /** Fans out every event below the horizon; answers how many deliveries it wrote. */
  async dispatchAll(): Promise<number> {
    let written = 0;
    for (;;) {
      const batch = await this.dispatchBatch();
      written += batch.deliveries;
      if (batch.deliveries > 0) this.deliveryQueue.wake();
      if (!batch.more) return written;
    }
  }

  /**
   * One transaction: events fanned out in commit order, their payloads stored for their organizations, and
   * the cursor moved past them. It stops after MAX_EVENTS events, or before the event whose deliveries
   * would take it past MAX_DELIVERIES, so its size is bounded whatever the number of endpoints.
   */
  async dispatchBatch(): Promise<{ events: number; deliveries: number; more: boolean }> {
    return this.db.transaction(async (tx) => {
      const cursor = await this.deliveries.lockCursor(tx);
      if (!cursor) return { events: 0, deliveries: 0, more: false };
      const horizon = await this.events.visibleHorizon(tx);
      const events = await this.events.pageInCommitOrder(tx, cursor, horizon, MAX_EVENTS);
      if (events.length === 0) return { events: 0, deliveries: 0, more: false };
      const fanned = await this.fanOut(tx, events);
      await this.deliveries.storeEvents(tx, fanned.stored);
      const written = await this.deliveryQueue.enqueue(tx, fanned.deliveries);
      const last = events[fanned.consumed - 1];
      await this.deliveries.moveCursor(tx, { xid: last.xid, sequence: last.sequence });
      return { events: fanned.consumed, deliveries: written.length, more: fanned.consumed < events.length || events.length === MAX_EVENTS };
    });
  }

  /**
   * Each event's webhook events (stored whether or not anyone listens) and their deliveries, event by event
   * until the delivery budget is spent; consumed counts the events taken (at least one: an event's deliveries
   * are bounded by the endpoints an organization may have).
   */
  private async fanOut(tx: Queryable, events: DomainEventRow[]): Promise<{ stored: NewWebhookEvent[]; deliveries: NewWebhookDelivery[]; consumed: number }> {
    const endpoints = await this.deliveries.endpointsOf(tx, [...new Set(events.map((e) => e.organizationId))]);
    // Keyed by organization first: warehouses and barcodes are shared between organizations, and one batch
    // holds the events of many.
    const resources = new Map<string, Promise<Resource | undefined>>();
    const stored: NewWebhookEvent[] = [];
    const deliveries: NewWebhookDelivery[] = [];
    let consumed = 0;
    for (const event of events) {
      const eventStored: NewWebhookEvent[] = [];
      const eventDeliveries: NewWebhookDelivery[] = [];
      for (const mapped of mapDomainEvent(event)) {
        const key = `${event.organizationId}/${subjectKey(mapped.subject)}`;
        if (!resources.has(key)) resources.set(key, this.resource(tx, event.organizationId, mapped.subject));
        const resource = await resources.get(key);
        if (!resource) continue;
        const webhookId = webhookIdOf(event.id, mapped.type);
        const body = JSON.stringify({ type: mapped.type, timestamp: event.occurredAt, data: resource.data });
        eventStored.push({
          webhookId,
          organizationId: event.organizationId,
          eventId: event.id,
          eventType: mapped.type,
          occurredAt: event.occurredAt,
          storeId: resource.storeId ?? null,
          warehouseId: resource.warehouseId ?? null,
          body,
        });
        for (const endpoint of endpoints) {
          if (endpoint.organizationId !== event.organizationId || !endpoint.eventTypes.includes(mapped.type) || endpoint.createdAt > event.occurredAt) continue;
          if (!reaches(endpoint, mapped, resource)) continue;
          eventDeliveries.push({
            id: randomUUID(),
            organizationId: event.organizationId,
            endpointId: endpoint.id,
            eventId: event.id,
            eventType: mapped.type,
            webhookId,
          });
        }
      }
      if (consumed > 0 && deliveries.length + eventDeliveries.length > MAX_DELIVERIES) break;
      stored.push(...eventStored);
      deliveries.push(...eventDeliveries);
      consumed++;
    }
    return { stored, deliveries, consumed };
  }

  /** The public resource an event is about, as it is now; undefined when there is none to show. */
  private async resource(tx: Queryable, organizationId: string, subject: WebhookSubject): Promise<Resource | undefined> {
    if (subject.kind === 'inventoryLevel') {
      const entry = await this.inventory.stockEntry(tx, organizationId, subject.warehouseId, subject.barcode);
      return (
        entry && {
          data: { warehouseId: subject.warehouseId, barcode: entry.barcode, onHand: entry.onHand, sellable: entry.sellable },
          warehouseId: subject.warehouseId,
        }
      );
    }
    if (subject.kind === 'shipment') {
      const found = await this.shipments.findWithSalesOrder(tx, organizationId, subject.shipmentId);
      return (
        found && {
          data: { ...toShipmentDto(found.shipment), salesOrderId: found.salesOrderId, storeId: found.storeId, orderReference: found.orderReference },
          storeId: found.storeId,
        }
      );
    }
    const salesOrderId =
      subject.kind === 'salesOrder' ? subject.salesOrderId : await this.deliveries.salesOrderOfFulfilmentOrder(tx, organizationId, subject.fulfilmentOrderId);
    if (!salesOrderId) return undefined;
    const row = await this.salesOrders.findInOrganization(tx, organizationId, salesOrderId);
    if (!row) return undefined;
    return { data: toSalesOrderView(row), storeId: row.storeId };
  }
}

function subjectKey(subject: WebhookSubject): string {
  return subject.kind === 'inventoryLevel'
    ? `level/${subject.warehouseId}/${subject.barcode}`
    : subject.kind === 'salesOrder'
      ? `so/${subject.salesOrderId}`
      : subject.kind === 'shipment'
        ? `sh/${subject.shipmentId}`
        : `fo/${subject.fulfilmentOrderId}`;
}

/** A connector's endpoint hears only of its connections' stores (their orders, their warehouses' inventory). */
function reaches(endpoint: DispatchEndpoint, event: MappedWebhookEvent, resource: Resource): boolean {
  if (endpoint.storeIds === null || endpoint.warehouseIds === null) return true;
  if (WEBHOOK_EVENT_CATALOG[event.type].payload === 'inventoryLevel')
    return resource.warehouseId !== undefined && endpoint.warehouseIds.includes(resource.warehouseId);
  return resource.storeId !== undefined && endpoint.storeIds.includes(resource.storeId);
}
