// Named calls for a shop's returns (contract 6.8), on a PublicClient: announce a return of a shipped order
// (with an Idempotency-Key: the client gives one when none is passed, and a retry sends the same), read an
// order's returns, the organization's page after page, one, and cancel one that has not arrived. Each
// resolves to the answer's body or throws a ProblemError (a 409 /problems/return-quantity-exceeded when
// more is asked for than may be returned).
import type { components } from './generated/public-api';
import type { PublicClient } from './public-client';
import { paginate } from './paginate';
import { unwrap } from './problem-error';

type Schemas = components['schemas'];
/** A return: its lines (with receivedQuantity and restockedQuantity once COMPLETED), its state and times. */
export type Return = Schemas['ReturnDto'];
export type ReturnLine = Schemas['ReturnLineDto'];
/** `AWAITING_ARRIVAL`, `ARRIVED`, `COMPLETED` or `CANCELLED`. */
export type ReturnStatus = Return['status'];
export type NewReturn = Schemas['CreateReturnDto'];
/** The body of a `return.created`, `return.arrived`, `return.completed` or `return.cancelled` webhook. */
export type ReturnWebhookEvent = Schemas['ReturnWebhookEventDto'];
export type ReturnQuery = { status?: ReturnStatus; updatedSince?: string; limit?: number };

const OF_ORDER = '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}/returns';
const LIST = '/v0/organizations/{organizationId}/returns';
const ONE = '/v0/organizations/{organizationId}/returns/{returnId}';
const CANCEL = '/v0/organizations/{organizationId}/returns/{returnId}/cancel';

/** The returns of an organization: `const returned = returns(api, organizationId)`. */
export function returns(api: PublicClient, organizationId: string) {
  const ofOrder = (storeId: string, salesOrderId: string) => ({ organizationId, storeId, salesOrderId });
  return {
    /** Announces a return of a shipped order of the store. */
    create: (storeId: string, salesOrderId: string, body: NewReturn, options: { idempotencyKey?: string } = {}): Promise<Return> =>
      unwrap(
        api.POST(OF_ORDER, {
          params: { path: ofOrder(storeId, salesOrderId), header: options.idempotencyKey === undefined ? {} : { 'Idempotency-Key': options.idempotencyKey } },
          body,
        }),
      ),
    /** The order's returns, oldest first. */
    ofSalesOrder: async (storeId: string, salesOrderId: string): Promise<Return[]> =>
      (await unwrap(api.GET(OF_ORDER, { params: { path: ofOrder(storeId, salesOrderId) } }))).items,
    get: (returnId: string): Promise<Return> => unwrap(api.GET(ONE, { params: { path: { organizationId, returnId } } })),
    /** Every return of the organization that matches, newest first, page after page (a connector's: its stores'). */
    list: (query: ReturnQuery = {}): AsyncGenerator<Return, void, undefined> => paginate(api, LIST, { params: { path: { organizationId }, query } }),
    /** Cancels it while AWAITING_ARRIVAL (a cancelled one is answered again); a ProblemError /problems/return-not-cancellable after. */
    cancel: (returnId: string): Promise<Return> => unwrap(api.POST(CANCEL, { params: { path: { organizationId, returnId } }, body: {} })),
  };
}
