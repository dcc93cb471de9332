// Reading sales orders back (contract 6.2): one order, or a store's orders newest first in keyset
// pages. Whoever may create orders on the store may read them.
import { Injectable } from '@nestjs/common';
import { NotFoundProblem } from '@gateway/platform';
import { Database, SalesOrderRepository } from '@gateway/persistence';
import { AuthenticatedCaller, OrganizationAccessPolicy, CursorSealer, CursorOf, PAGE_LIMIT, cursorField, cursorShape } from '@gateway/domain';
import { ListSalesOrdersQuery, SalesOrderPageDto, SalesOrderView, toSalesOrderView } from '../dto/sales-order-view.dto';

const PURPOSE = 'sales-orders cursor v1';

const isCursor = cursorShape({
  organizationId: cursorField.string,
  storeId: cursorField.string,
  orderReference: cursorField.nullable(cursorField.string),
  createdAt: cursorField.string,
  id: cursorField.string,
});
type SalesOrderCursor = CursorOf<typeof isCursor>;

@Injectable()
export class SalesOrderReadService {
  constructor(
    private readonly db: Database,
    private readonly access: OrganizationAccessPolicy,
    private readonly orders: SalesOrderRepository,
    private readonly cursors: CursorSealer,
  ) {}

  async get(caller: AuthenticatedCaller, organizationId: string, storeId: string, salesOrderId: string): Promise<SalesOrderView> {
    await this.access.assertCanCreateSalesOrder(caller.identity, organizationId, storeId);
    const row = await this.orders.find(this.db, organizationId, storeId, salesOrderId);
    if (!row) throw new NotFoundProblem('The sales order does not exist in this store.');
    return toSalesOrderView(row);
  }

  async list(caller: AuthenticatedCaller, organizationId: string, storeId: string, query: ListSalesOrdersQuery): Promise<SalesOrderPageDto> {
    await this.access.assertCanCreateSalesOrder(caller.identity, organizationId, storeId);
    const orderReference = query.orderReference ?? null;
    let cursor: SalesOrderCursor | undefined;
    if (query.cursor !== undefined) {
      cursor = await this.cursors.openForQuery(
        PURPOSE,
        query.cursor,
        isCursor,
        (sent) => sent.organizationId === organizationId && sent.storeId === storeId && sent.orderReference === orderReference,
        'organization, store and orderReference',
      );
    }
    const limit = query.limit ?? PAGE_LIMIT.default;
    const rows = await this.orders.page(this.db, {
      organizationId,
      storeId,
      orderReference: query.orderReference,
      before: cursor ? { createdAt: cursor.createdAt, id: cursor.id } : undefined,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit
        ? await this.cursors.seal(PURPOSE, { organizationId, storeId, orderReference, createdAt: last.createdAtKey, id: last.id } satisfies SalesOrderCursor)
        : null;
    return { items: page.map(toSalesOrderView), nextCursor };
  }
}
