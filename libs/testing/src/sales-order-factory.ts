// Sales orders in one line, through the real SalesOrderService built from its module: the order, its OPEN
// fulfilment order and pendingAllocation with their events, exactly as POST .../sales-orders makes them.
import { Database } from '@gateway/persistence';
import { AuthenticatedCaller, ReturnDto } from '@gateway/domain';
import { CreateReturnDto, CreateSalesOrderDto, OrdersModule, PublicReturnsModule, ReturnsService, SalesOrderService } from '@gateway/public-api';
import { withDomainModule } from './domain-module';

const SERVICE_CALLER: AuthenticatedCaller = {
  identity: { clientType: 'SERVICE', clientId: 'test-sales-channel' },
  audience: 'public',
  tokenId: 'test',
  expiresAt: Number.MAX_SAFE_INTEGER,
};

/** Places a sales order at a store of the organization; returns its id and its fulfilment order's id. */
export async function placeSalesOrder(
  db: Database,
  target: { organizationId: string; storeId: string },
  lines: { barcode: string; quantity: number }[],
): Promise<{ salesOrderId: string; fulfilmentOrderId: string }> {
  const body = {
    orderReference: `ORD-${Math.random().toString(36).slice(2, 10)}`,
    customer: { firstName: 'Test' },
    lineItems: lines.map((l) => ({ sku: 'by-barcode', barcode: l.barcode, quantity: l.quantity })),
  } as CreateSalesOrderDto;
  const { record } = await withDomainModule(db, OrdersModule, (orders) =>
    orders.get(SalesOrderService).create(SERVICE_CALLER, target.organizationId, target.storeId, body),
  );
  return { salesOrderId: record.id, fulfilmentOrderId: record.fulfilmentOrderId };
}

/** Announces a return of a shipped order, through the real ReturnsService, exactly as POST .../returns does; returns the return. */
export async function announceReturn(
  db: Database,
  target: { organizationId: string; storeId: string },
  salesOrderId: string,
  body: Partial<CreateReturnDto> & Pick<CreateReturnDto, 'lines'>,
): Promise<ReturnDto> {
  const { record } = await withDomainModule(db, PublicReturnsModule, (returns) =>
    returns.get(ReturnsService).create(SERVICE_CALLER, target.organizationId, target.storeId, salesOrderId, { reason: 'OTHER', ...body } as CreateReturnDto),
  );
  return record;
}
