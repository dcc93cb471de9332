// Creating a sales order (contract section 4): access, then in one transaction (idempotent by key)
// line resolution, the order, its OPEN fulfilment order, pendingAllocation per barcode and the events.
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BadRequestProblem, ProblemFieldError } from '@gateway/platform';
import {
  Database,
  DomainEventRepository,
  Environment,
  FulfilmentOrderRepository,
  Queryable,
  RetailUnitMatch,
  SalesOrderRepository,
} from '@gateway/persistence';
import { AuthenticatedCaller, InventoryLedger, OrganizationAccessPolicy } from '@gateway/domain';
import { CreateSalesOrderDto, SalesOrderLineInput } from '../dto/create-sales-order.dto';
import { IdempotencyService, IdempotentOutcome } from './idempotency.service';
import { SalesOrderRecord, toSalesOrderRecord } from '../dto/sales-order-record.dto';

/** The record of the created order, or of the order an earlier request with the same Idempotency-Key created. */
export type SalesOrderOutcome = IdempotentOutcome<SalesOrderRecord>;

@Injectable()
export class SalesOrderService {
  constructor(
    private readonly db: Database,
    private readonly access: OrganizationAccessPolicy,
    private readonly orders: SalesOrderRepository,
    private readonly fulfilmentOrders: FulfilmentOrderRepository,
    private readonly events: DomainEventRepository,
    private readonly ledger: InventoryLedger,
    private readonly idempotency: IdempotencyService,
  ) {}

  async create(
    caller: AuthenticatedCaller,
    organizationId: string,
    storeId: string,
    body: CreateSalesOrderDto,
    idempotencyKey?: string,
  ): Promise<SalesOrderOutcome> {
    const store = await this.access.assertCanCreateSalesOrder(caller.identity, organizationId, storeId);
    const clientId = caller.identity.clientId;
    const request = { scope: clientId, key: idempotencyKey, operation: 'createSalesOrder', path: [organizationId, storeId], body, status: 201 };
    return this.db.transaction((tx) =>
      this.idempotency.run(tx, request, async () => {
        const barcodes = await this.resolveLines(tx, organizationId, body.lineItems);
        assertBarcodeTotalsFit(body.lineItems, barcodes);
        return this.write(tx, { organizationId, storeId, warehouseId: store.warehouseId, environment: store.environment, clientId, body, barcodes });
      }),
    );
  }

  /** Each line's retail unit: by barcode when given, else by sku; non-archived, of this organization. */
  private async resolveLines(q: Queryable, organizationId: string, lines: SalesOrderLineInput[]): Promise<string[]> {
    const units = await this.orders.findRetailUnits(
      q,
      organizationId,
      lines.flatMap((l) => (l.barcode !== undefined ? [l.barcode] : [])),
      lines.flatMap((l) => (l.barcode === undefined ? [l.sku] : [])),
    );
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

  private async write(
    tx: Queryable,
    input: {
      organizationId: string;
      storeId: string;
      warehouseId: string;
      environment: Environment;
      clientId: string;
      body: CreateSalesOrderDto;
      barcodes: string[];
    },
  ): Promise<SalesOrderRecord> {
    const { organizationId, storeId, warehouseId, environment, clientId, body, barcodes } = input;
    const salesOrderId = randomUUID();
    const fulfilmentOrderId = `fo-${randomUUID()}`;
    const lineItems = body.lineItems.map((line, i) => ({ ...line, barcode: barcodes[i] }));
    const { createdAt } = await this.orders.insert(tx, {
      id: salesOrderId,
      organizationId,
      storeId,
      orderReference: body.orderReference,
      placedAt: body.placedAt ?? null,
      note: body.note ?? null,
      customer: body.customer,
      shippingAddress: body.shippingAddress ?? null,
      createdByClientId: clientId,
      lines: lineItems.map((line) => ({ barcode: line.barcode, sku: line.sku, quantity: line.quantity, attributes: line })),
    });
    const quantities = new Map<string, number>();
    for (const line of lineItems) quantities.set(line.barcode, (quantities.get(line.barcode) ?? 0) + line.quantity);
    const foLines = [...quantities].map(([barcode, quantity]) => ({ barcode, quantity }));
    await this.fulfilmentOrders.insert(tx, { id: fulfilmentOrderId, organizationId, warehouseId, storeId, salesOrderId, status: 'OPEN', lines: foLines });
    await this.events.append(tx, [
      {
        organizationId,
        type: 'SalesOrderReceived',
        aggregateType: 'SalesOrder',
        aggregateId: salesOrderId,
        initiator: clientId,
        payload: {
          storeId,
          orderReference: body.orderReference,
          fulfilmentOrderId,
          lines: lineItems.map((l) => ({ barcode: l.barcode, quantity: l.quantity })),
        },
      },
      {
        organizationId,
        type: 'FulfilmentOrderOpened',
        aggregateType: 'FulfilmentOrder',
        aggregateId: fulfilmentOrderId,
        warehouseId,
        initiator: clientId,
        payload: { status: 'OPEN', salesOrderId, warehouseId, lines: foLines },
      },
    ]);
    await this.ledger.apply(
      tx,
      foLines.map((line) => ({
        organizationId,
        warehouseId,
        barcode: line.barcode,
        delta: { pendingAllocation: line.quantity },
        type: 'PendingAllocationRaised',
        aggregateType: 'FulfilmentOrder',
        aggregateId: fulfilmentOrderId,
        initiator: clientId,
        details: { salesOrderId },
      })),
    );
    return toSalesOrderRecord({
      id: salesOrderId,
      organizationId,
      environment,
      storeId,
      orderReference: body.orderReference,
      // An order sent without placedAt was placed when it was created (docs/decisions/sales-orders.md).
      placedAt: body.placedAt ?? createdAt.toISOString(),
      createdAt,
      customer: body.customer,
      shippingAddress: body.shippingAddress,
      lineItems,
      fulfilmentOrderId,
    });
  }
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
