// A shop's side of returns (contract 6.8): announcing one for a shipped order, reading them (the order's,
// the organization's in keyset pages, one) and cancelling one that has not arrived. Creating one locks the
// order's fulfilment order, as every transition of it does, so two returns of one order are decided one
// after the other and never claim more than shipped. Whoever may create orders on the store may; the
// organization's list shows a connector only its connections' stores' returns.
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BadRequestProblem, NotFoundProblem, ProblemException, ProblemFieldError } from '@gateway/platform';
import { AccessRepository, Database, Queryable, ReturnRepository, ReturnRow, SalesOrderRepository } from '@gateway/persistence';
import {
  AuthenticatedCaller,
  CursorOf,
  CursorSealer,
  FulfilmentOrderTransitions,
  OrganizationAccessPolicy,
  RETURN_EVENTS,
  ReturnDto,
  ReturnLifecycle,
  cursorField,
  cursorShape,
  decideReturnLines,
  returnableQuantities,
  toReturnDto,
  PAGE_LIMIT,
} from '@gateway/domain';
import { IdempotencyService, IdempotentOutcome } from '../../orders';
import { CreateReturnDto, ListReturnsQuery, ReturnListDto, ReturnPageDto } from '../dto/create-return.dto';

const PURPOSE = 'returns cursor v1';
const NOT_FOUND = 'The return does not exist in this organization.';

const isCursor = cursorShape({
  organizationId: cursorField.string,
  status: cursorField.nullable(cursorField.string),
  updatedSince: cursorField.nullable(cursorField.string),
  createdAt: cursorField.string,
  id: cursorField.string,
});
type ReturnCursor = CursorOf<typeof isCursor>;

@Injectable()
export class ReturnsService {
  constructor(
    private readonly db: Database,
    private readonly access: OrganizationAccessPolicy,
    private readonly accessRows: AccessRepository,
    private readonly salesOrders: SalesOrderRepository,
    private readonly returns: ReturnRepository,
    private readonly transitions: FulfilmentOrderTransitions,
    private readonly lifecycle: ReturnLifecycle,
    private readonly idempotency: IdempotencyService,
    private readonly cursors: CursorSealer,
  ) {}

  async create(
    caller: AuthenticatedCaller,
    organizationId: string,
    storeId: string,
    salesOrderId: string,
    body: CreateReturnDto,
    idempotencyKey?: string,
  ): Promise<IdempotentOutcome<ReturnDto>> {
    await this.access.assertCanCreateSalesOrder(caller.identity, organizationId, storeId);
    assertDistinctBarcodes(body);
    const clientId = caller.identity.clientId;
    const request = { scope: clientId, key: idempotencyKey, operation: 'createReturn', path: [organizationId, storeId, salesOrderId], body, status: 201 };
    return this.db.transaction((tx) =>
      this.idempotency.run(tx, request, async () => {
        const fulfilmentOrderId = await this.salesOrders.fulfilmentOrderIdOf(tx, organizationId, storeId, salesOrderId);
        if (fulfilmentOrderId === undefined) throw new NotFoundProblem('The sales order does not exist in this store.');
        // The order's lock: returns of one order are decided one at a time.
        const fulfilmentOrder = await this.transitions.lockInOrganization(tx, organizationId, fulfilmentOrderId);
        const skus = await this.returns.skusOf(
          tx,
          organizationId,
          body.lines.map((l) => l.barcode),
        );
        const unknown: ProblemFieldError[] = body.lines.flatMap((line, index) =>
          skus.has(line.barcode) ? [] : [{ pointer: `/lines/${index}/barcode`, message: 'is not a retail unit of this organization' }],
        );
        if (unknown.length > 0) throw new BadRequestProblem('Some lines do not name a retail unit of the organization.', unknown);
        const returnable = returnableQuantities(
          await this.returns.shippedQuantities(tx, fulfilmentOrderId),
          await this.returns.claimsOfSalesOrder(tx, salesOrderId),
        );
        const decision = decideReturnLines(returnable, body.lines);
        if (decision.kind === 'nothingShipped')
          throw new ProblemException(409, 'Nothing of the sales order has shipped yet, so nothing can be returned.', { type: 'return-quantity-exceeded' });
        if (decision.kind === 'exceeded')
          throw new ProblemException(409, 'Some lines ask for more than may be returned.', { type: 'return-quantity-exceeded', errors: decision.errors });
        const created = await this.returns.insert(tx, {
          id: randomUUID(),
          organizationId,
          salesOrderId,
          fulfilmentOrderId,
          storeId,
          warehouseId: fulfilmentOrder.warehouseId,
          reference: body.reference ?? null,
          reason: body.reason,
          note: body.note ?? null,
          carrier: body.carrier ?? null,
          trackingNumber: body.trackingNumber ?? null,
          trackingUrl: body.trackingUrl ?? null,
          createdByClientId: clientId,
          lines: body.lines.map((l) => ({ barcode: l.barcode, sku: skus.get(l.barcode) as string, quantity: l.quantity, action: l.action ?? 'RESTOCK' })),
        });
        await this.lifecycle.record(tx, created, RETURN_EVENTS.created, clientId, {
          lines: created.lines.map((l) => ({ barcode: l.barcode, quantity: Number(l.quantity), action: l.action })),
        });
        return toReturnDto(created);
      }),
    );
  }

  /** The order's returns, oldest first. */
  async listOfSalesOrder(caller: AuthenticatedCaller, organizationId: string, storeId: string, salesOrderId: string): Promise<ReturnListDto> {
    await this.access.assertCanCreateSalesOrder(caller.identity, organizationId, storeId);
    if ((await this.salesOrders.fulfilmentOrderIdOf(this.db, organizationId, storeId, salesOrderId)) === undefined)
      throw new NotFoundProblem('The sales order does not exist in this store.');
    return { items: (await this.returns.listOfSalesOrder(this.db, organizationId, salesOrderId)).map(toReturnDto) };
  }

  async get(caller: AuthenticatedCaller, organizationId: string, returnId: string): Promise<ReturnDto> {
    return toReturnDto(await this.findVisible(this.db, caller, organizationId, returnId));
  }

  /** Cancels it while it awaits arrival; a cancelled one again unchanged; later, 409 return-not-cancellable. */
  async cancel(caller: AuthenticatedCaller, organizationId: string, returnId: string): Promise<ReturnDto> {
    await this.findVisible(this.db, caller, organizationId, returnId);
    return this.db.transaction(async (tx) => toReturnDto(await this.lifecycle.cancel(tx, organizationId, returnId, caller.identity.clientId)));
  }

  async page(caller: AuthenticatedCaller, organizationId: string, query: ListReturnsQuery): Promise<ReturnPageDto> {
    await this.access.assertCanAccessOrganization(caller.identity, organizationId);
    const status = query.status ?? null;
    const updatedSince = query.updatedSince ?? null;
    let cursor: ReturnCursor | undefined;
    if (query.cursor !== undefined) {
      cursor = await this.cursors.openForQuery(
        PURPOSE,
        query.cursor,
        isCursor,
        (sent) => sent.organizationId === organizationId && sent.status === status && sent.updatedSince === updatedSince,
        'organization, status and updatedSince',
      );
    }
    const limit = query.limit ?? PAGE_LIMIT.default;
    const rows = await this.returns.page(this.db, {
      organizationId,
      storeIds: await this.connectorStores(caller, organizationId),
      status: query.status,
      updatedSince: query.updatedSince,
      before: cursor ? { createdAt: cursor.createdAt, id: cursor.id } : undefined,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit
        ? await this.cursors.seal(PURPOSE, { organizationId, status, updatedSince, createdAt: last.createdAtKey, id: last.id } satisfies ReturnCursor)
        : null;
    return { items: page.map(toReturnDto), nextCursor };
  }

  /** A connector's stores in the organization; null (every store) for anyone else. */
  private async connectorStores(caller: AuthenticatedCaller, organizationId: string): Promise<string[] | null> {
    if (caller.identity.clientType !== 'CONNECTOR') return null;
    const stores = await this.accessRows.connectionStores(this.db, caller.identity.connectionIds);
    return stores.filter((s) => s.organizationId === organizationId).map((s) => s.storeId);
  }

  /** The return, when the caller may act on its store: 403 for an organization or a store it cannot reach, 404 for no such return. */
  private async findVisible(q: Queryable, caller: AuthenticatedCaller, organizationId: string, returnId: string): Promise<ReturnRow> {
    await this.access.assertCanAccessOrganization(caller.identity, organizationId);
    const found = await this.returns.find(q, organizationId, returnId);
    if (!found) throw new NotFoundProblem(NOT_FOUND);
    await this.access.assertCanCreateSalesOrder(caller.identity, organizationId, found.storeId);
    return found;
  }
}

function assertDistinctBarcodes(body: CreateReturnDto): void {
  const seen = new Set<string>();
  const errors: ProblemFieldError[] = [];
  body.lines.forEach((line, index) => {
    if (seen.has(line.barcode)) errors.push({ pointer: `/lines/${index}/barcode`, message: 'repeats a barcode of an earlier line' });
    seen.add(line.barcode);
  });
  if (errors.length > 0) throw new BadRequestProblem('Each barcode may be named on one line.', errors);
}
