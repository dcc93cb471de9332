// Every problem type either gateway answers (RFC 9457 `type`): one entry each, with the page that
// `GET /problems/<slug>` serves on both gateways. A new kind of problem is one entry here; raising a
// slug that is not listed does not compile, and the documents list exactly these.

export interface ProblemTypeEntry {
  /** The status it is answered with (the page says so). */
  status: number;
  /** The page's heading. */
  heading: string;
  /** What the problem means. */
  meaning: string;
  /** What the caller can do about it. */
  remedy: string;
}

export const PROBLEM_TYPES = {
  'bad-request': {
    status: 400,
    heading: 'The request cannot be read',
    meaning:
      'The request is not one the gateway can read: its body is not valid JSON, is nested more than 32 levels deep, does not match its Content-Length, or its path is not validly percent-encoded. `detail` says which.',
    remedy: 'Fix the request as `detail` says and send it again. Sending it unchanged gives the same answer.',
  },
  'validation-failed': {
    status: 400,
    heading: 'Invalid input',
    meaning:
      'The request was read, but some of its values break the rules of the operation. `errors` lists each one: `pointer` is a JSON pointer (RFC 6901) into the body (`/lineItems/0/quantity`), the query (`/query/limit`), the path (`/path/organizationId`) or a header (`/headers/Idempotency-Key`), and `message` says what is wrong.',
    remedy: 'Correct every value `errors` names (the schema of the operation in the OpenAPI document states each rule) and send the request again.',
  },
  unauthorized: {
    status: 401,
    heading: 'No access token',
    meaning: 'The operation needs a bearer access token and the request carried none (no `Authorization: Bearer ...` header).',
    remedy:
      'Get a token from `POST /oauth2/token` with your client credentials (grant_type=client_credentials) and send it as `Authorization: Bearer <token>`.',
  },
  'invalid-token': {
    status: 401,
    heading: 'The access token is not accepted',
    meaning:
      'The bearer token is expired, malformed, signed by a key the gateway does not know, issued for another audience (a public token on the internal gateway or the other way round), or its client was revoked. `WWW-Authenticate` carries `error="invalid_token"` and a description.',
    remedy:
      'Get a new token from `POST /oauth2/token` and send the request again. If a new token is refused too, the client may be revoked or registered for the other gateway: ask the platform team.',
  },
  forbidden: {
    status: 403,
    heading: 'Not allowed',
    meaning:
      'The token is valid, but its client may not do this: the organization is not one it can access (whether or not the organization exists), or the operation needs a role or a client type it does not have (invoices of a CONNECTOR, webhook endpoints of a USER who is not the OWNER).',
    remedy:
      "Use a client with access to that organization, or ask the organization's owner for the access. Retrying with the same client gives the same answer.",
  },
  'sandbox-only': {
    status: 403,
    heading: 'Simulations are for sandbox organizations only',
    meaning:
      "The organization is live: its orders, returns, inbound shipments and stock are moved by a real warehouse, and a simulation could move none of them. Simulations (`POST /v0/organizations/{organizationId}/sandbox/simulations`) act only on a sandbox organization's own data. Nothing was read or changed.",
    remedy:
      'Use the credentials of a sandbox organization (`npm run admin -- organizations:create --name NAME --sandbox` creates one with a client of its own), and its ids, to try a step. A live order moves when the warehouse moves it; its webhooks tell you when.',
  },
  'not-found': {
    status: 404,
    heading: 'Not found',
    meaning:
      'Nothing exists at this address for this caller: the resource (an invoice, a store, a sales order, a webhook endpoint, a barcode...) is unknown in this organization, or no operation is served at this method and path.',
    remedy:
      'Check the ids and the path (paths are case-sensitive and the public ones start with /v0). A resource created a moment ago by another request is found once that request has been answered.',
  },
  'method-not-allowed': {
    status: 405,
    heading: 'Method not allowed',
    meaning: 'The path exists but not with this method.',
    remedy: 'Use a method the OpenAPI document lists for this path.',
  },
  'request-timeout': {
    status: 408,
    heading: 'The request arrived too slowly',
    meaning: "The request line and headers, or the whole request with its body, did not arrive within the gateway's time limits. The connection is closed.",
    remedy: 'Send the request again on a new connection, at once and whole.',
  },
  conflict: {
    status: 409,
    heading: 'Conflict',
    meaning: 'The request conflicts with the current state of the resource.',
    remedy: 'Read the resource again, then decide whether the request still makes sense.',
  },
  'idempotency-key-in-flight': {
    status: 409,
    heading: 'The same request is still being processed',
    meaning: 'A request with this `Idempotency-Key` is being processed right now (a retry sent before the first attempt was answered).',
    remedy: 'Wait a moment and send the request again with the same key: once the first one is done, you get its answer.',
  },
  'fulfilment-order-state': {
    status: 409,
    heading: "Not allowed in the fulfilment order's state",
    meaning:
      'The fulfilment order is in a state from which this change is not allowed (for example cancelling or withdrawing an order that is PICKING or SHIPPED). `detail` names the state.',
    remedy: 'Read the fulfilment order to see its state; the transition is allowed only from the states `detail` names.',
  },
  'sales-order-not-cancellable': {
    status: 409,
    heading: 'The sales order can no longer be cancelled',
    meaning:
      'The warehouse has started on the order, or is done with it: its fulfilment order is PICKING, PARTIALLY_SHIPPED, SHIPPED or WITHDRAWN, and an order is cancelled only while it is OPEN, ALLOCATED or BACK_ORDERED. `detail` names the state. Nothing was changed.',
    remedy:
      'Read the order (`fulfilmentStatus`) to see where it is. What has shipped cannot be called back through the API: arrange a return with the customer. A WITHDRAWN order was taken back by the warehouse and is already `CANCELLED` for you.',
  },
  'return-quantity-exceeded': {
    status: 409,
    heading: 'More than may be returned',
    meaning:
      "The return asks for more of a barcode than may still be returned: what shipped with the order less what the order's other returns claim (an open return its quantity, a completed one what arrived, a cancelled one nothing), or the order has shipped nothing yet. `errors` points at each line over the limit (`/lines/0/quantity`) and says how much is left. Nothing was created.",
    remedy:
      "Read the order's shipments and its returns (`GET .../sales-orders/{salesOrderId}/returns`), and announce at most what is left; a return cancelled meanwhile frees its quantity.",
  },
  'return-state': {
    status: 409,
    heading: "Not allowed in the return's state, or with these lines",
    meaning:
      'The return is in a state from which this step is not allowed (marking a return arrived that has arrived, processing one that is COMPLETED or CANCELLED), or the processed lines do not match the return (a line missing, a barcode not on it, more received than announced, more restocked than received, a DISPOSE line restocked). `detail` says which. Nothing was changed.',
    remedy: 'Read the return to see its state and lines, and send the step it allows with every line of the return.',
  },
  'return-not-cancellable': {
    status: 409,
    heading: 'The return can no longer be cancelled',
    meaning:
      'A return is cancelled only while it awaits arrival; this one has arrived at the warehouse or was processed. `detail` names its state. Nothing was changed.',
    remedy: "Read the return to see its state. Goods that arrived are processed by the warehouse; what it restocks shows in the return's lines.",
  },
  'inbound-shipment-not-awaiting': {
    status: 409,
    heading: 'The inbound shipment can no longer be changed or cancelled',
    meaning:
      'The warehouse has started receiving the shipment, or is done with it: it is RECEIVING, COMPLETED or CANCELLED, and an inbound shipment is changed or cancelled only while it is AWAITING (a cancelled one is answered again when cancelled again). `detail` names the state. Nothing was changed.',
    remedy:
      'Read the shipment (`status`, and `receivedQuantity` per line) to see where it is. What arrives beyond the announcement is received as counted; announce further stock in a new inbound shipment.',
  },
  'inventory-conflict': {
    status: 409,
    heading: 'The inventory would become invalid',
    meaning: 'The change would make an inventory figure negative, or larger than the largest supported quantity (9007199254740991).',
    remedy: 'Read the current inventory levels and send a change that keeps them within range.',
  },
  'retail-unit-archived': {
    status: 409,
    heading: 'The retail unit is archived',
    meaning: 'The barcode names a retail unit that has been archived: stock cannot be received for it.',
    remedy: 'Use a barcode of a live retail unit.',
  },
  'content-too-large': {
    status: 413,
    heading: 'The body is too large',
    meaning: 'The request body is larger than the operation accepts (JSON bodies: 1 MB; token requests: 16 KB and 50 fields).',
    remedy: 'Send a smaller body: split a large batch into several requests.',
  },
  'unsupported-media-type': {
    status: 415,
    heading: 'The body is not JSON',
    meaning:
      'The request has a body whose Content-Type is not `application/json` (or `application/*+json`), or a body without a Content-Type. Only the token endpoint takes a form.',
    remedy: 'Send the body as JSON with `Content-Type: application/json`.',
  },
  'webhook-endpoint-limit': {
    status: 409,
    heading: 'Too many webhook endpoints',
    meaning:
      'The organization already has as many webhook endpoints as it may (`WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION`, 16 by default), enabled or not. The limit keeps one organization from taking the delivery capacity others share.',
    remedy: "Delete an endpoint you no longer use, or widen one endpoint's `eventTypes` instead of registering another.",
  },
  'webhook-endpoint-disabled': {
    status: 409,
    heading: 'The webhook endpoint is disabled',
    meaning:
      'A test event or a recover was asked of an endpoint that is disabled (`enabled: false`; `disabledReason` says why). A disabled endpoint is sent nothing.',
    remedy: 'Enable it with `PATCH` `{ "enabled": true }` (unless it was disabled as `CLIENT_REVOKED`), then send the request again.',
  },
  'webhook-endpoint-revoked': {
    status: 409,
    heading: 'The webhook endpoint belongs to a revoked connector',
    meaning:
      'The endpoint was created by a connector whose client has been revoked, and was disabled with it (`disabledReason: CLIENT_REVOKED`). It cannot be enabled again.',
    remedy: 'Register a new endpoint with a client that is not revoked, and delete this one.',
  },
  'webhook-recover-in-progress': {
    status: 409,
    heading: 'A recover of this webhook endpoint is in progress',
    meaning:
      'A recover was asked of an endpoint whose previous recover is still running (its events are being queued again, in batches). An endpoint has one recover at a time, so that asking again, or many times at once, never sends an event more than once per recover. `detail` gives the `since` of the one running and when it was asked.',
    remedy:
      'Let it run: it sends again every event it covers (they appear in `GET .../deliveries`). If you need more (an earlier `since`, or events stored after it was asked), send the request again once it has ended; a retry a few seconds later is enough for most recovers.',
  },
  'unprocessable-content': {
    status: 422,
    heading: 'Unprocessable',
    meaning: 'The request is well-formed but cannot be processed as it stands.',
    remedy: 'Read `detail`, change the request accordingly and send it again.',
  },
  'idempotency-key-reused': {
    status: 422,
    heading: 'Idempotency-Key used for another request',
    meaning:
      'This `Idempotency-Key` was already used, by the same client, with a different request (another path or another body). A key names one request: its replays must be identical.',
    remedy: 'Use a new key for a new request. To retry the first request, send it exactly as it was.',
  },
  'rate-limited': {
    status: 429,
    heading: 'Too many requests',
    meaning: 'The client, or the address it calls from, is over a rate limit. `Retry-After` says how many seconds to wait.',
    remedy:
      'Wait the number of seconds `Retry-After` gives, then send the request again; spread requests out, and reuse access tokens until shortly before they expire instead of minting one per request.',
  },
  'webhook-test-limit': {
    status: 429,
    heading: 'Too many test events for this webhook endpoint',
    meaning:
      'One webhook endpoint is sent at most 10 test events a minute, whoever asks for them (a sliding minute, counted across every replica). `Retry-After` says how many seconds until the next may be sent.',
    remedy:
      'Wait the seconds `Retry-After` gives, then send the request again. To send real events again, use recover; to check a receiver, one test event at a time is enough.',
  },
  'request-header-fields-too-large': {
    status: 431,
    heading: 'The headers are too large',
    meaning: 'The request line and headers are larger than the gateway accepts (16 KB).',
    remedy: 'Send fewer or shorter headers (an access token is well under 4 KB).',
  },
  'client-error': {
    status: 400,
    heading: 'Client error',
    meaning: 'The request was refused for a reason of its own, which `status` and `detail` give.',
    remedy: 'Read `detail`, fix the request and send it again.',
  },
  'internal-error': {
    status: 500,
    heading: 'Internal error',
    meaning:
      "The gateway failed to answer this request. Nothing about the failure is disclosed; `requestId` (also in `X-Request-Id`) identifies it in the gateway's logs.",
    remedy: 'Retry later; requests with an `Idempotency-Key` are safe to retry with the same key. If it persists, report it with the `requestId`.',
  },
  'service-unavailable': {
    status: 503,
    heading: 'Service unavailable',
    meaning:
      'The gateway cannot serve the request right now: its database is unreachable or too slow, it cannot reach the keys that verify tokens, or it serves as many connections as it accepts. `Retry-After` says how many seconds to wait.',
    remedy: 'Wait the seconds `Retry-After` gives, then send the request again; requests with an `Idempotency-Key` are safe to retry with the same key.',
  },
  'server-error': {
    status: 500,
    heading: 'Server error',
    meaning: 'The gateway could not serve the request, for a reason `status` and `detail` give.',
    remedy: 'Retry later; if it persists, report it with the `requestId`.',
  },
} as const satisfies Record<string, ProblemTypeEntry>;

export type ProblemTypeSlug = keyof typeof PROBLEM_TYPES;

/** The problem type of an answer that names none: the one of its status. */
const TYPE_OF_STATUS: Record<number, ProblemTypeSlug> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  408: 'request-timeout',
  409: 'conflict',
  413: 'content-too-large',
  415: 'unsupported-media-type',
  422: 'unprocessable-content',
  429: 'rate-limited',
  431: 'request-header-fields-too-large',
  500: 'internal-error',
  503: 'service-unavailable',
};

export const PROBLEM_TYPE_PATH = '/problems';

/** The `type` of a problem: a relative URI reference that resolves, against the gateway answering, to its page. */
export function problemTypeUri(slug: ProblemTypeSlug): string {
  return `${PROBLEM_TYPE_PATH}/${slug}`;
}

/** The slug a problem of `status` gets when it names none. */
export function defaultProblemType(status: number): ProblemTypeSlug {
  return TYPE_OF_STATUS[status] ?? (status >= 500 ? 'server-error' : 'client-error');
}

export function isProblemTypeSlug(slug: string): slug is ProblemTypeSlug {
  return Object.prototype.hasOwnProperty.call(PROBLEM_TYPES, slug);
}

/** Every problem type's URI, in the table's order (the documents list them). */
export const PROBLEM_TYPE_URIS: string[] = (Object.keys(PROBLEM_TYPES) as ProblemTypeSlug[]).map(problemTypeUri);
