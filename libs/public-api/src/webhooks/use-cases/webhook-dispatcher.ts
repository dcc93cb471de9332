// Fans the domain event log out to webhook endpoints (contracts 6.3 and 7), fairly between organizations.
// Every event is queued for fan-out by its organization in the transaction that appends it
// (webhook_fanout_queue, filled by a trigger on domain_events), so an event whose transaction commits late
// is queued when it commits, and nothing waits for another transaction to end. Each round takes the
// organizations with queued events one after another, at most MAX_EVENTS of each per transaction: one
// organization's backlog (an import, orders of many lines) costs another at most one such batch per round.
// A tick runs rounds only while some batch was full: events that arrive during a round wait for the next tick
// and go out together, so a steady stream of orders is fanned out in a few batches a second, not one per
// handful of orders (each batch is a dozen statements whatever its size).
// In one transaction per batch it holds the organization's fan-out lock (a replica that finds it held
// skips that organization, so each event is fanned out once and an organization's payloads are stored in
// the order its batches commit, which the events feed pages by), looks the batch's resources up together,
// stores each webhook event's payload (the events feed and recover serve it), writes one delivery per event
// and matching enabled endpoint with its first attempt (the delivery queue), and takes the batch off the
// queue; the delivery workers of this process are woken once it commits.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import {
  Database,
  DomainEventRepository,
  DomainEventRow,
  InboundShipmentRepository,
  InventoryReadRepository,
  OrganizationRepository,
  Queryable,
  SalesOrderRepository,
  ReturnRepository,
  ShipmentRepository,
} from '@gateway/persistence';
import { DispatchEndpoint, NewWebhookDelivery, NewWebhookEvent, WebhookDeliveryRepository } from '@gateway/persistence-public';
import { toInboundShipmentDto, toReturnDto, toShipmentDto } from '@gateway/domain';
import { toSalesOrderView } from '../../orders';
import { DEFAULT_WEBHOOK_DISPATCH_INTERVAL_MS, WEBHOOK_OPTIONS, WebhookOptions } from '../model/webhook-options';
import { MappedWebhookEvent, WebhookSubject, mapDomainEvent, webhookIdOf } from '../model/webhook-event-mapping';
import { WEBHOOK_EVENT_CATALOG } from '../model/webhook-event-types';
import { WebhookPayload } from '../dto/webhook-payload.dto';
import { WebhookDeliveryQueue } from './webhook-delivery-queue';

/** Events of one organization read per transaction: what another organization waits at most, per round, behind it. */
const MAX_EVENTS = 500;
/** Deliveries written per transaction: with at most WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION endpoints, one event always fits. */
const MAX_DELIVERIES = 2000;
/** What an id must look like to be looked up as a sales order's (the column is a uuid). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A resource with where it lives: an order's store, or a level's warehouse. */
interface Resource {
  data: WebhookPayload['data'];
  storeId?: string;
  warehouseId?: string;
}

export interface DispatchBatch {
  deliveries: number;
  /** The batch was full: the organization had more queued than one batch takes. */
  full: boolean;
}

@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDispatcher');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  /** Set on shutdown: the round in progress stops after its current batch (the rest stays queued for any replica). */
  private stopping = false;

  constructor(
    private readonly db: Database,
    private readonly events: DomainEventRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly salesOrders: SalesOrderRepository,
    private readonly inventory: InventoryReadRepository,
    private readonly shipments: ShipmentRepository,
    private readonly returns: ReturnRepository,
    private readonly inboundShipments: InboundShipmentRepository,
    private readonly organizations: OrganizationRepository,
    private readonly deliveryQueue: WebhookDeliveryQueue,
    @Inject(WEBHOOK_OPTIONS) private readonly options: WebhookOptions,
  ) {}

  onApplicationBootstrap(): void {
    if (this.options.workers === false) return;
    this.timer = setInterval(() => this.tick(), this.options.dispatchIntervalMs ?? DEFAULT_WEBHOOK_DISPATCH_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.dispatchAll()
      .catch((error: Error) => this.logger.warn(`webhook dispatch failed, retried at the next tick: ${error.message}`))
      .finally(() => (this.running = undefined));
  }

  /**
   * Fans out what is queued, in rounds: each round one batch of each organization with queued events. Another
   * round follows only when a batch was full (a backlog); what was queued during a round waits for the next
   * tick. It stops early when the process stops. Answers how many deliveries it wrote.
   */
  async dispatchAll(): Promise<number> {
    let written = 0;
    for (;;) {
      let backlog = false;
      for (const organizationId of await this.events.organizationsQueuedForFanOut(this.db)) {
        if (this.stopping) return written;
        const batch = await this.dispatchBatch(organizationId);
        backlog ||= batch.full;
        written += batch.deliveries;
        if (batch.deliveries > 0) this.deliveryQueue.wake();
      }
      if (!backlog) return written;
    }
  }

  /**
   * One transaction: up to MAX_EVENTS of the organization's queued events, oldest first, fanned out, their
   * payloads stored and their deliveries written, and taken off the queue. It stops before the event whose
   * deliveries would take it past MAX_DELIVERIES, so its size is bounded whatever the number of endpoints.
   * Nothing when another replica holds the organization's fan-out lock.
   */
  async dispatchBatch(organizationId: string): Promise<DispatchBatch> {
    return this.db.transaction(async (tx) => {
      if (!(await this.deliveries.tryHoldFanOut(tx, organizationId))) return { deliveries: 0, full: false };
      const queued = await this.events.queuedForFanOut(tx, organizationId, MAX_EVENTS);
      if (queued.length === 0) return { deliveries: 0, full: false };
      const events = await this.events.bySequence(tx, queued);
      const fanned = await this.fanOut(tx, organizationId, events);
      await this.deliveries.storeEvents(tx, fanned.stored);
      const written = await this.deliveryQueue.enqueue(tx, fanned.deliveries);
      // What was consumed leaves the queue (and any queued sequence without its event, which there is nothing to fan out for).
      const through = fanned.consumed === events.length ? Infinity : events[fanned.consumed].sequence;
      await this.events.dequeueFanOut(
        tx,
        organizationId,
        queued.filter((sequence) => sequence < through),
      );
      return { deliveries: written.length, full: queued.length === MAX_EVENTS || fanned.consumed < events.length };
    });
  }

  /**
   * Each event's webhook events (stored whether or not anyone listens) and their deliveries, event by event
   * until the delivery budget is spent; consumed counts the events taken (at least one: an event's deliveries
   * are bounded by the endpoints an organization may have).
   */
  private async fanOut(
    tx: Queryable,
    organizationId: string,
    events: DomainEventRow[],
  ): Promise<{ stored: NewWebhookEvent[]; deliveries: NewWebhookDelivery[]; consumed: number }> {
    const endpoints = await this.deliveries.endpointsOf(tx, [organizationId]);
    // Every payload says whether it is of a sandbox (contract 6.10), beside its type and timestamp.
    const environment = (await this.organizations.environment(tx, organizationId)) ?? 'live';
    const mapped = events.map((event) => ({ event, webhookEvents: mapDomainEvent(event) }));
    const resources = await this.resources(
      tx,
      organizationId,
      mapped.flatMap((m) => m.webhookEvents.map((w) => w.subject)),
    );
    const stored: NewWebhookEvent[] = [];
    const deliveries: NewWebhookDelivery[] = [];
    let consumed = 0;
    for (const { event, webhookEvents } of mapped) {
      const eventStored: NewWebhookEvent[] = [];
      const eventDeliveries: NewWebhookDelivery[] = [];
      for (const webhookEvent of webhookEvents) {
        const resource = resources.get(subjectKey(webhookEvent.subject));
        if (!resource) continue;
        const webhookId = webhookIdOf(event.id, webhookEvent.type);
        const body = JSON.stringify({ type: webhookEvent.type, timestamp: event.occurredAt, environment, data: resource.data });
        eventStored.push({
          webhookId,
          organizationId: event.organizationId,
          eventId: event.id,
          eventType: webhookEvent.type,
          occurredAt: event.occurredAt,
          storeId: resource.storeId ?? null,
          warehouseId: resource.warehouseId ?? null,
          body,
        });
        for (const endpoint of endpoints) {
          if (endpoint.organizationId !== event.organizationId || !endpoint.eventTypes.includes(webhookEvent.type) || endpoint.createdAt > event.occurredAt)
            continue;
          if (!reaches(endpoint, webhookEvent, resource)) continue;
          eventDeliveries.push({
            id: randomUUID(),
            organizationId: event.organizationId,
            endpointId: endpoint.id,
            eventId: event.id,
            eventType: webhookEvent.type,
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

  /**
   * The public resources these events are about, as they are now, by subjectKey (none for a subject there is
   * nothing to show of): one statement per kind of resource, whatever the number of events.
   */
  private async resources(tx: Queryable, organizationId: string, subjects: WebhookSubject[]): Promise<Map<string, Resource>> {
    const resources = new Map<string, Resource>();
    const levels = new Map<string, { warehouseId: string; barcode: string }>();
    const salesOrderIds = new Set<string>();
    const fulfilmentOrderIds = new Set<string>();
    const shipmentIds = new Set<string>();
    const returnIds = new Set<string>();
    const inbound: Extract<WebhookSubject, { kind: 'inboundShipment' }>[] = [];
    for (const subject of subjects) {
      if (subject.kind === 'inboundShipment') {
        inbound.push(subject);
        continue;
      }
      if (subject.kind === 'inventoryLevel') levels.set(subjectKey(subject), { warehouseId: subject.warehouseId, barcode: subject.barcode });
      else if (subject.kind === 'salesOrder') salesOrderIds.add(subject.salesOrderId);
      else if (subject.kind === 'shipment') shipmentIds.add(subject.shipmentId);
      else if (subject.kind === 'return') returnIds.add(subject.returnId);
      else fulfilmentOrderIds.add(subject.fulfilmentOrderId);
    }
    for (const entry of await this.inventory.stockEntries(tx, organizationId, [...levels.values()])) {
      resources.set(subjectKey({ kind: 'inventoryLevel', warehouseId: entry.warehouseId, barcode: entry.requestedBarcode }), {
        data: { warehouseId: entry.warehouseId, barcode: entry.barcode, onHand: entry.onHand, sellable: entry.sellable },
        warehouseId: entry.warehouseId,
      });
    }
    const salesOrderOf = await this.deliveries.salesOrdersOfFulfilmentOrders(tx, organizationId, [...fulfilmentOrderIds]);
    const orderIds = [...salesOrderIds, ...salesOrderOf.values()].filter((id) => UUID.test(id));
    const orders = new Map((await this.salesOrders.findManyInOrganization(tx, organizationId, [...new Set(orderIds)])).map((row) => [row.id, row]));
    const orderResource = (salesOrderId: string | undefined): Resource | undefined => {
      const row = salesOrderId === undefined ? undefined : orders.get(salesOrderId);
      return row && { data: toSalesOrderView(row), storeId: row.storeId };
    };
    for (const id of salesOrderIds) {
      const resource = orderResource(id);
      if (resource) resources.set(subjectKey({ kind: 'salesOrder', salesOrderId: id }), resource);
    }
    for (const id of fulfilmentOrderIds) {
      const resource = orderResource(salesOrderOf.get(id));
      if (resource) resources.set(subjectKey({ kind: 'fulfilmentOrder', fulfilmentOrderId: id }), resource);
    }
    // A shipment event is one per ship command or tracking update: read one by one.
    for (const shipmentId of shipmentIds) {
      const found = await this.shipments.findWithSalesOrder(tx, organizationId, shipmentId);
      if (found)
        resources.set(subjectKey({ kind: 'shipment', shipmentId }), {
          data: { ...toShipmentDto(found.shipment), salesOrderId: found.salesOrderId, storeId: found.storeId, orderReference: found.orderReference },
          storeId: found.storeId,
        });
    }
    // A return event is one per step of a return: read one by one, with its store (a connector's scope).
    for (const returnId of returnIds) {
      const found = UUID.test(returnId) ? await this.returns.find(tx, organizationId, returnId) : undefined;
      if (found) resources.set(subjectKey({ kind: 'return', returnId }), { data: toReturnDto(found), storeId: found.storeId });
    }
    // An inbound shipment's events are one per announcement, change or receipt: read one by one. It names no
    // store and its warehouse is not stored with it, so a connector's endpoints and feed never see it.
    const inboundRows = new Map<string, ReturnType<typeof toInboundShipmentDto> | undefined>();
    for (const subject of inbound) {
      if (!UUID.test(subject.inboundShipmentId)) continue;
      if (!inboundRows.has(subject.inboundShipmentId)) {
        const row = await this.inboundShipments.find(tx, organizationId, subject.inboundShipmentId);
        inboundRows.set(subject.inboundShipmentId, row && toInboundShipmentDto(row));
      }
      const shipment = inboundRows.get(subject.inboundShipmentId);
      if (!shipment) continue;
      const skus = new Map(shipment.lines.map((l) => [l.barcode, l.sku]));
      const receipt = subject.receipt && { lines: subject.receipt.map((l) => ({ barcode: l.barcode, sku: skus.get(l.barcode) ?? '', quantity: l.quantity })) };
      resources.set(subjectKey(subject), { data: { ...shipment, ...(receipt ? { receipt } : {}) } });
    }
    return resources;
  }
}

function subjectKey(subject: WebhookSubject): string {
  if (subject.kind === 'inboundShipment') return `ib/${subject.inboundShipmentId}${subject.receipt ? `/${JSON.stringify(subject.receipt)}` : ''}`;
  return subject.kind === 'inventoryLevel'
    ? `level/${subject.warehouseId}/${subject.barcode}`
    : subject.kind === 'salesOrder'
      ? `so/${subject.salesOrderId}`
      : subject.kind === 'shipment'
        ? `sh/${subject.shipmentId}`
        : subject.kind === 'return'
          ? `ret/${subject.returnId}`
          : `fo/${subject.fulfilmentOrderId}`;
}

/** A connector's endpoint hears only of its connections' stores (their orders, their warehouses' inventory). */
function reaches(endpoint: DispatchEndpoint, event: MappedWebhookEvent, resource: Resource): boolean {
  if (endpoint.storeIds === null || endpoint.warehouseIds === null) return true;
  if (WEBHOOK_EVENT_CATALOG[event.type].payload === 'inventoryLevel')
    return resource.warehouseId !== undefined && endpoint.warehouseIds.includes(resource.warehouseId);
  return resource.storeId !== undefined && endpoint.storeIds.includes(resource.storeId);
}
