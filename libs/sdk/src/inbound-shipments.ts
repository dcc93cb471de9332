// Named calls for announcing stock to a warehouse (contract 6.9), on a PublicClient: announce (with an
// Idempotency-Key: the client gives one when none is passed, and a retry sends the same), read one, every
// one page after page, change and cancel one while it is AWAITING. Each resolves to the answer's body or
// throws a ProblemError; api.GET/PATCH/POST stay available for everything else.
import type { components } from './generated/public-api';
import type { PublicClient } from './public-client';
import { paginate } from './paginate';
import { unwrap } from './problem-error';

type Schemas = components['schemas'];
/** An inbound shipment: what was announced and, per line, what the warehouse has received so far. */
export type InboundShipment = Schemas['InboundShipmentDto'];
export type NewInboundShipment = Schemas['CreateInboundShipmentDto'];
/** What an inbound_shipment.* webhook carries: the shipment, and on inbound_shipment.received what that receipt counted. */
export type InboundShipmentWebhookData = Schemas['InboundShipmentWebhookDataDto'];
export type InboundShipmentChange = Schemas['UpdateInboundShipmentDto'];
export type InboundShipmentQuery = { status?: InboundShipment['status']; updatedSince?: string; limit?: number };

const COLLECTION = '/v0/organizations/{organizationId}/inbound-shipments';
const ONE = '/v0/organizations/{organizationId}/inbound-shipments/{inboundShipmentId}';
const CANCEL = '/v0/organizations/{organizationId}/inbound-shipments/{inboundShipmentId}/cancel';

/** The inbound shipments of one organization: `const inbound = inboundShipments(api, organizationId)`. */
export function inboundShipments(api: PublicClient, organizationId: string) {
  const at = (inboundShipmentId: string) => ({ organizationId, inboundShipmentId });
  return {
    /** Announces a shipment (201); a retry with the same idempotencyKey answers the first one again. */
    create: (shipment: NewInboundShipment, options: { idempotencyKey?: string } = {}): Promise<InboundShipment> =>
      unwrap(
        api.POST(COLLECTION, {
          params: { path: { organizationId }, header: options.idempotencyKey === undefined ? {} : { 'Idempotency-Key': options.idempotencyKey } },
          body: shipment,
        }),
      ),
    get: (inboundShipmentId: string): Promise<InboundShipment> => unwrap(api.GET(ONE, { params: { path: at(inboundShipmentId) } })),
    /** Every shipment that matches, newest first, page after page. */
    list: (query: InboundShipmentQuery = {}): AsyncGenerator<InboundShipment, void, undefined> =>
      paginate(api, COLLECTION, { params: { path: { organizationId }, query } }),
    /** Changes the fields sent (lines replaced whole) while it is AWAITING; a ProblemError (409) after. */
    update: (inboundShipmentId: string, change: InboundShipmentChange): Promise<InboundShipment> =>
      unwrap(api.PATCH(ONE, { params: { path: at(inboundShipmentId) }, body: change })),
    /** Cancels it while it is AWAITING (a cancelled one is answered again); a ProblemError with type /problems/inbound-shipment-not-awaiting after. */
    cancel: (inboundShipmentId: string): Promise<InboundShipment> => unwrap(api.POST(CANCEL, { params: { path: at(inboundShipmentId) } })),
  };
}
