// Named calls for what a shop's connector does with its orders (contract 6.7), on a PublicClient: read one,
// replace its shipping address, cancel it (with an Idempotency-Key: the client gives one when none is passed,
// and a retry sends the same), and the organization's catalogue, page after page. Each resolves to the
// answer's body or throws a ProblemError; api.GET/PATCH/POST stay available for everything else.
import type { components } from './generated/public-api';
import type { PublicClient } from './public-client';
import { paginate } from './paginate';
import { unwrap } from './problem-error';

type Schemas = components['schemas'];
/** A sales order as read back: the record with fulfilmentStatus, updatedAt and, once cancelled by you, cancellationReason. */
export type SalesOrder = Schemas['SalesOrderView'];
/** The record a creation answers. */
export type SalesOrderRecord = Schemas['SalesOrderRecord'];
export type NewSalesOrder = Schemas['CreateSalesOrderDto'];
export type ShippingAddress = Schemas['ShippingAddressInput'];
export type SalesOrderCancellation = Schemas['CancelSalesOrderDto'];
/** One unit of an organization's catalogue. */
export type RetailUnit = Schemas['RetailUnitDto'];
export type RetailUnitQuery = { barcode?: string; sku?: string; includeArchived?: boolean; limit?: number };

const ORDER = '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}';
const CANCEL = '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}/cancel';
const RETAIL_UNITS = '/v0/organizations/{organizationId}/retail-units';

/** The orders of one store: `const orders = salesOrders(api, organizationId, storeId)`. */
export function salesOrders(api: PublicClient, organizationId: string, storeId: string) {
  const at = (salesOrderId: string) => ({ organizationId, storeId, salesOrderId });
  return {
    get: (salesOrderId: string): Promise<SalesOrder> => unwrap(api.GET(ORDER, { params: { path: at(salesOrderId) } })),
    /** Replaces the address while the order is OPEN, ALLOCATED or BACK_ORDERED; a ProblemError (409) after. */
    updateShippingAddress: (salesOrderId: string, shippingAddress: ShippingAddress): Promise<SalesOrder> =>
      unwrap(api.PATCH(ORDER, { params: { path: at(salesOrderId) }, body: { shippingAddress } })),
    /**
     * Cancels the order while it is OPEN, ALLOCATED or BACK_ORDERED (an order already cancelled is answered again);
     * a ProblemError with type /problems/sales-order-not-cancellable once the warehouse has started.
     */
    cancel: (salesOrderId: string, options: { reason?: string; idempotencyKey?: string } = {}): Promise<SalesOrder> =>
      unwrap(
        api.POST(CANCEL, {
          params: { path: at(salesOrderId), header: options.idempotencyKey === undefined ? {} : { 'Idempotency-Key': options.idempotencyKey } },
          body: options.reason === undefined ? {} : { reason: options.reason },
        }),
      ),
  };
}

/** Every retail unit of the organization that matches, in barcode order, page after page. */
export function retailUnits(api: PublicClient, organizationId: string, query: RetailUnitQuery = {}): AsyncGenerator<RetailUnit, void, undefined> {
  return paginate(api, RETAIL_UNITS, { params: { path: { organizationId }, query } });
}
