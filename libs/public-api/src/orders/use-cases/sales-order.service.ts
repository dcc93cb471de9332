// Creating a sales order (contract section 4): one read (the organization and store the access policy decides
// on, the retail units the lines name and the answer stored for the Idempotency-Key) and one statement that
// writes the order, its OPEN fulfilment order, pendingAllocation per barcode, the events and the idempotency
// record together (SalesOrderCreationRepository): 2 round trips for a SERVICE or ORGANIZATION client, none of
// them BEGIN or COMMIT (a USER's memberships and a CONNECTOR's connections are one more).
import { randomUUID } from 'node:crypto';
import { Injectable, Optional } from '@nestjs/common';
import { BadRequestProblem, GatewayMetrics, ProblemFieldError } from '@gateway/platform';
import { Database, Environment, RetailUnitMatch } from '@gateway/persistence';
import { SalesOrderCreationRepository } from '@gateway/persistence-public';
import { AuthenticatedCaller, InventoryChange, InventoryLedger, OrganizationAccessPolicy } from '@gateway/domain';
import { CreateSalesOrderDto, SalesOrderLineInput } from '../dto/create-sales-order.dto';
import { IdempotentOutcome, keyInFlight, replayStored } from './idempotency.service';
import { SalesOrderRecord, toSalesOrderRecord } from '../dto/sales-order-record.dto';
import { requestFingerprint } from '../policies/request-fingerprint';

const CHECK_VIOLATION = '23514';

/** The record of the created order, or of the order an earlier request with the same Idempotency-Key created. */
export type SalesOrderOutcome = IdempotentOutcome<SalesOrderRecord>;

@Injectable()
export class SalesOrderService {
  constructor(
    private readonly db: Database,
    private readonly access: OrganizationAccessPolicy,
    private readonly creation: SalesOrderCreationRepository,
    private readonly ledger: InventoryLedger,
    @Optional() private readonly metrics?: GatewayMetrics,
  ) {}

  async create(
    caller: AuthenticatedCaller,
    organizationId: string,
    storeId: string,
    body: CreateSalesOrderDto,
    idempotencyKey?: string,
  ): Promise<SalesOrderOutcome> {
    const clientId = caller.identity.clientId;
    const fingerprint = idempotencyKey === undefined ? undefined : requestFingerprint('createSalesOrder', [organizationId, storeId], body);
    const read = await this.creation.read(this.db, {
      organizationId,
      storeId,
      barcodes: body.lineItems.flatMap((l) => (l.barcode !== undefined ? [l.barcode] : [])),
      skus: body.lineItems.flatMap((l) => (l.barcode === undefined ? [l.sku] : [])),
      clientId,
      key: idempotencyKey,
    });
    // Access is decided first, on what the read found: the stored answer is only for a caller that may see it.
    const store = await this.access.assertCanCreateSalesOrder(caller.identity, organizationId, storeId, read.access);
    // A stored answer is final: replayed whether or not another request with the key is in flight.
    if (read.earlier) return replayStored<SalesOrderRecord>(read.earlier, fingerprint, 'createSalesOrder', this.metrics);
    const barcodes = resolveLines(read.units, body.lineItems);
    assertBarcodeTotalsFit(body.lineItems, barcodes);
    const order = this.newOrder({ organizationId, storeId, warehouseId: store.warehouseId, environment: store.environment, clientId, body, barcodes });
    const changes: InventoryChange[] = order.fulfilmentLines.map((l) => ({
      organizationId,
      warehouseId: store.warehouseId,
      barcode: l.barcode,
      delta: { pendingAllocation: l.quantity },
      type: 'PendingAllocationRaised',
      aggregateType: 'FulfilmentOrder',
      aggregateId: order.fulfilmentOrderId,
    }));
    const outcome = await this.creation
      .write(this.db, {
        ...order,
        idempotency: fingerprint === undefined ? undefined : { key: idempotencyKey as string, requestFingerprint: fingerprint, responseStatus: 201 },
      })
      .catch(async (error: unknown) => {
        if ((error as { code?: string }).code === CHECK_VIOLATION) throw await this.ledger.refusalOf(this.db, changes);
        throw error;
      });
    switch (outcome.kind) {
      case 'created':
        return { record: JSON.parse(outcome.responseText) as SalesOrderRecord, replayed: false };
      case 'answered':
        if (outcome.earlier) return replayStored<SalesOrderRecord>(outcome.earlier, fingerprint, 'createSalesOrder', this.metrics);
        throw keyInFlight();
      case 'inFlight':
        throw keyInFlight();
    }
    // A unit was archived between the read and the write: resolved again, it names the line.
    return this.create(caller, organizationId, storeId, body, idempotencyKey);
  }

  /** The order's rows and events, and its answer with the creation time left for the statement to write. */
  private newOrder(input: {
    organizationId: string;
    storeId: string;
    warehouseId: string;
    environment: Environment;
    clientId: string;
    body: CreateSalesOrderDto;
    barcodes: string[];
  }) {
    const { organizationId, storeId, warehouseId, environment, clientId, body, barcodes } = input;
    const salesOrderId = randomUUID();
    const fulfilmentOrderId = `fo-${randomUUID()}`;
    const lineItems = body.lineItems.map((line, i) => ({ ...line, barcode: barcodes[i] }));
    const quantities = new Map<string, number>();
    for (const line of lineItems) quantities.set(line.barcode, (quantities.get(line.barcode) ?? 0) + line.quantity);
    const fulfilmentLines = [...quantities].map(([barcode, quantity]) => ({ barcode, quantity }));
    const events = [
      {
        type: 'SalesOrderReceived',
        aggregateType: 'SalesOrder',
        aggregateId: salesOrderId,
        warehouseId: null,
        barcode: null,
        payload: {
          storeId,
          orderReference: body.orderReference,
          fulfilmentOrderId,
          lines: lineItems.map((l) => ({ barcode: l.barcode, quantity: l.quantity })),
        },
      },
      {
        type: 'FulfilmentOrderOpened',
        aggregateType: 'FulfilmentOrder',
        aggregateId: fulfilmentOrderId,
        warehouseId,
        barcode: null,
        payload: { status: 'OPEN', salesOrderId, warehouseId, lines: fulfilmentLines },
      },
      // The ledger's event for each level moved: its delta, with the facts of the change.
      ...fulfilmentLines.map((l) => ({
        type: 'PendingAllocationRaised',
        aggregateType: 'FulfilmentOrder',
        aggregateId: fulfilmentOrderId,
        warehouseId,
        barcode: l.barcode,
        payload: { salesOrderId, delta: { onHand: 0, allocated: 0, pendingAllocation: l.quantity } },
      })),
    ];
    // An order sent without placedAt was placed when it was created (docs/decisions/sales-orders.md): both are
    // the statement's now(), written into the answer's text where it holds "".
    const answer: Record<string, unknown> = {
      ...toSalesOrderRecord({
        id: salesOrderId,
        organizationId,
        environment,
        storeId,
        orderReference: body.orderReference,
        placedAt: body.placedAt ?? '',
        createdAt: new Date(0),
        customer: body.customer,
        shippingAddress: body.shippingAddress,
        lineItems,
        fulfilmentOrderId,
      }),
    };
    answer.createdAt = '';
    return {
      clientId,
      organizationId,
      storeId,
      warehouseId,
      salesOrderId,
      fulfilmentOrderId,
      orderReference: body.orderReference,
      placedAt: body.placedAt ?? null,
      note: body.note ?? null,
      customer: body.customer,
      shippingAddress: body.shippingAddress ?? null,
      lines: lineItems.map((line) => ({ barcode: line.barcode, sku: line.sku, quantity: line.quantity, attributes: line })),
      fulfilmentLines,
      events,
      answerTemplate: JSON.stringify(answer),
    };
  }
}

/** Each line's retail unit: by barcode when given, else by sku; non-archived, of this organization. */
function resolveLines(units: RetailUnitMatch[], lines: SalesOrderLineInput[]): string[] {
  const problems: ProblemFieldError[] = [];
  const resolved = lines.map((line, index) => {
    const byBarcode = line.barcode !== undefined;
    const matches: RetailUnitMatch[] = byBarcode ? units.filter((u) => u.barcode === line.barcode) : units.filter((u) => u.sku === line.sku);
    const pointer = `/lineItems/${index}/${byBarcode ? 'barcode' : 'sku'}`;
    const live = matches.filter((u) => !u.archived);
    if (live.length === 1) return live[0].barcode;
    if (live.length > 1) problems.push({ pointer, message: `matches ${live.length} retail units; send the barcode` });
    else if (matches.length > 0) problems.push({ pointer, message: 'is an archived retail unit' });
    else problems.push({ pointer, message: 'is not a retail unit of this organization' });
    return '';
  });
  if (problems.length > 0) throw new BadRequestProblem('Some lines do not resolve to a retail unit of the organization.', problems);
  return resolved;
}

/**
 * The fulfilment order gets one line per barcode, with the quantities of repeated barcodes summed; the sum
 * must stay a safe integer like each quantity. The line that takes the total past it is named.
 */
function assertBarcodeTotalsFit(lines: SalesOrderLineInput[], barcodes: string[]): void {
  const totals = new Map<string, number>();
  const problems: ProblemFieldError[] = [];
  lines.forEach((line, index) => {
    const total = (totals.get(barcodes[index]) ?? 0) + line.quantity;
    if (total > Number.MAX_SAFE_INTEGER && (totals.get(barcodes[index]) ?? 0) <= Number.MAX_SAFE_INTEGER) {
      problems.push({
        pointer: `/lineItems/${index}/quantity`,
        message: `makes the total quantity of ${barcodes[index]} in this order exceed ${Number.MAX_SAFE_INTEGER}, the largest supported quantity`,
      });
    }
    totals.set(barcodes[index], total);
  });
  if (problems.length > 0) throw new BadRequestProblem('The quantities of some retail units add up to more than the largest supported quantity.', problems);
}
