// The baseline: what this machine can do for the gateway's work on whoami, the inventory read, the
// invoice list, sales-order creation and the internal gateway's inventory level, with no framework. node:http, pg and jose only. Per request it does what the
// gateway does: verifies the same token against the same key (RS256, typ at+jwt, iss, aud, exp and
// nbf with 30 s of skew), asks whether the client is revoked (remembered 30 s), checks access, runs
// the gateway's SQL statement for statement, builds the same JSON, sets a request id and writes one
// log line. Its validation of a sales order is a hand-written check of the fields the work needs.
import { randomUUID } from 'node:crypto';
import { IncomingMessage, ServerResponse, createServer } from 'node:http';
import pg from 'pg';
import { JWK, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { BASELINE_FUNCTIONS, baselineSalesOrder, BaselineSalesOrderInput, SalesOrderInputError, parseSalesOrderInput } from './baseline-sales-order';
import { BaselineReturnInput, ReturnInputError, baselineReturn, parseReturnInput } from './baseline-return';
import { BaselineInboundInput, InboundInputError, baselineInboundShipment, parseInboundInput } from './baseline-inbound-shipment';

const env = (name: string, fallback?: string): string => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`${name} is required`);
  return value;
};
const ISSUER = env('BASELINE_ISSUER');
const AUDIENCE = env('BASELINE_AUDIENCE', ISSUER);
/** The internal gateway's audience: its routes (no /v0 prefix) take only its tokens, as that gateway does. */
const INTERNAL_AUDIENCE = env('BASELINE_INTERNAL_AUDIENCE', 'urn:gateway:internal');
const PORT = Number(env('BASELINE_PORT'));
const PAGE = 2000;
const REVOCATION_TTL_MS = 30_000;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const ENTITY_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const BARCODE = /^[A-Za-z0-9._-]{1,100}$/;
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;

const pool = new pg.Pool({
  connectionString: env('DATABASE_URL'),
  max: Number(env('DATABASE_POOL_MAX', '10')),
  statement_timeout: 10_000,
  types: {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === 20 || oid === 1700
        ? (value: string) => Number(value)
        : oid === 1082
          ? (value: string) => value
          : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
  },
});
pool.on('error', () => undefined);

type Identity =
  | { clientType: 'USER'; clientId: string; userId: string }
  | { clientType: 'ORGANIZATION'; clientId: string; organizationId: string }
  | { clientType: 'CONNECTOR'; clientId: string; connectionIds: string[] }
  | { clientType: 'SERVICE'; clientId: string };

class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

// ---- tokens ----------------------------------------------------------------------------------

const keys = new Map<string, Awaited<ReturnType<typeof importJWK>>>();

async function loadKeys(): Promise<void> {
  const metadata = (await (await fetch(`${ISSUER}/.well-known/openid-configuration`)).json()) as { jwks_uri: string };
  const jwks = (await (await fetch(metadata.jwks_uri)).json()) as { keys: (JWK & { kid: string })[] };
  for (const jwk of jwks.keys) keys.set(jwk.kid, await importJWK(jwk, 'RS256'));
}

const revocations = new Map<string, { revoked: boolean; at: number }>();

async function isRevoked(clientId: string): Promise<boolean> {
  const hit = revocations.get(clientId);
  if (hit && Date.now() - hit.at < REVOCATION_TTL_MS) return hit.revoked;
  const { rows } = await pool.query<{ revoked: boolean }>('SELECT revoked_at IS NOT NULL AS revoked FROM api_clients WHERE client_id = $1', [clientId]);
  const revoked = rows[0]?.revoked ?? true;
  revocations.set(clientId, { revoked, at: Date.now() });
  return revoked;
}

const unauthorized = (detail: string, realm: string) => new HttpProblem(401, detail, { 'WWW-Authenticate': `Bearer realm="${realm}", error="invalid_token"` });

async function authenticate(req: IncomingMessage, audience: string, realm: string): Promise<Identity> {
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(req.headers.authorization ?? '');
  if (!match) throw new HttpProblem(401, 'A bearer access token is required.', { 'WWW-Authenticate': `Bearer realm="${realm}"` });
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(match[1]);
  } catch {
    throw unauthorized('The token is not a JWT.', realm);
  }
  const key = typeof header.kid === 'string' ? keys.get(header.kid) : undefined;
  if (header.alg !== 'RS256' || !key) throw unauthorized('The token was signed by a key this server does not know.', realm);
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(match[1], key, { issuer: ISSUER, audience, algorithms: ['RS256'], typ: 'at+jwt', clockTolerance: 30 }));
  } catch {
    throw unauthorized('The token is not valid.', realm);
  }
  const identity = identityOf(claims);
  if (!identity || typeof claims.jti !== 'string') throw unauthorized('The token does not describe a caller.', realm);
  if (await isRevoked(identity.clientId)) throw unauthorized("The token's client has been revoked.", realm);
  return identity;
}

function identityOf(c: Record<string, unknown>): Identity | undefined {
  const clientId = c.client_id;
  if (typeof clientId !== 'string' || c.sub !== clientId) return undefined;
  switch (c.client_type) {
    case 'SERVICE':
      return { clientType: 'SERVICE', clientId };
    case 'ORGANIZATION':
      return typeof c.organization_id === 'string' ? { clientType: 'ORGANIZATION', clientId, organizationId: c.organization_id } : undefined;
    case 'USER':
      return typeof c.user_id === 'string' ? { clientType: 'USER', clientId, userId: c.user_id } : undefined;
    case 'CONNECTOR':
      return Array.isArray(c.connection_ids) ? { clientType: 'CONNECTOR', clientId, connectionIds: c.connection_ids as string[] } : undefined;
    default:
      return undefined;
  }
}

// ---- access (SERVICE and ORGANIZATION callers: the benchmark's) ----------------------------------

async function assertCanAccessOrganization(identity: Identity, organizationId: string): Promise<void> {
  if (identity.clientType === 'SERVICE') {
    const { rowCount } = await pool.query('SELECT 1 FROM organizations WHERE id = $1', [organizationId]);
    if (!rowCount) throw new HttpProblem(404, 'The organization does not exist.');
    return;
  }
  if (identity.clientType === 'ORGANIZATION' && identity.organizationId === organizationId) return;
  throw new HttpProblem(403, 'The caller has no access to this organization.');
}

// ---- handlers ---------------------------------------------------------------------------------

function whoami(identity: Identity): string {
  switch (identity.clientType) {
    case 'SERVICE':
      return JSON.stringify({ clientType: 'SERVICE', clientId: identity.clientId });
    case 'ORGANIZATION':
      return JSON.stringify({ clientType: 'ORGANIZATION', clientId: identity.clientId, organizationId: identity.organizationId });
    case 'USER':
      return JSON.stringify({ clientType: 'USER', clientId: identity.clientId, userId: identity.userId });
    case 'CONNECTOR':
      return JSON.stringify({ clientType: 'CONNECTOR', clientId: identity.clientId, connectionIds: identity.connectionIds });
  }
}

const warehousesQuery = (organizationId: string) =>
  pool.query<{ id: string }>({
    name: 'inventory-read-warehouses',
    text: `SELECT w.id FROM warehouses w
            WHERE EXISTS (SELECT 1 FROM inventory_levels l WHERE l.organization_id = $1 AND l.warehouse_id = w.id)
            ORDER BY w.id`,
    values: [organizationId],
  });

const pageQuery = (organizationId: string, warehouseId: string, after: string) =>
  pool.query<{ barcode: string; on_hand: number; sellable: number }>({
    name: 'inventory-read-page',
    text: `SELECT l.barcode, l.on_hand, l.on_hand - l.allocated - l.pending_allocation AS sellable
             FROM inventory_levels l
             JOIN retail_units u ON u.organization_id = l.organization_id AND u.barcode = l.barcode AND u.archived_at IS NULL
            WHERE l.organization_id = $1 AND l.warehouse_id = $2::entity_id AND l.barcode > $3::text COLLATE "C"
            ORDER BY l.barcode
            LIMIT $4`,
    values: [organizationId, warehouseId, after, PAGE],
  });

async function write(res: ServerResponse, chunk: string): Promise<void> {
  if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
}

async function inventory(res: ServerResponse, identity: Identity, organizationId: string): Promise<void> {
  await assertCanAccessOrganization(identity, organizationId);
  const warehouses = (await warehousesQuery(organizationId)).rows.map((r) => r.id);
  let page = warehouses.length ? (await pageQuery(organizationId, warehouses[0], '')).rows : [];
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  await write(res, '{"items":[');
  let groups = 0;
  for (const [index, warehouseId] of warehouses.entries()) {
    if (index > 0) page = (await pageQuery(organizationId, warehouseId, '')).rows;
    if (page.length === 0) continue;
    let chunk = `${groups++ === 0 ? '' : ','}{"warehouseId":${JSON.stringify(warehouseId)},"items":[`;
    let first = true;
    while (page.length > 0) {
      for (const row of page) {
        chunk += `${first ? '' : ','}{"barcode":${JSON.stringify(row.barcode)},"onHand":${row.on_hand},"sellable":${row.sellable}}`;
        first = false;
      }
      await write(res, chunk);
      chunk = '';
      page = page.length < PAGE ? [] : (await pageQuery(organizationId, warehouseId, page[page.length - 1].barcode)).rows;
    }
    await write(res, ']}');
  }
  res.end(']}');
}

interface InvoiceRow {
  id: string;
  number: string;
  status: string;
  subtotal_amount: number;
  subtotal_currency: string;
  total_excluding_tax_amount: number;
  total_excluding_tax_currency: string;
  due_date: string | null;
  paid_at: string | null;
  pdf_url: string | null;
}

/** The invoice list: the gateway's access check for a SERVICE caller, its statement and its list form. */
async function invoices(identity: Identity, organizationId: string): Promise<string> {
  await assertCanAccessOrganization(identity, organizationId);
  const { rows } = await pool.query<InvoiceRow>(
    `SELECT id, number, status, subtotal_amount, subtotal_currency, total_excluding_tax_amount, total_excluding_tax_currency,
  due_date, paid_at, pdf_url FROM invoices WHERE organization_id = $1 ORDER BY number, id`,
    [organizationId],
  );
  return JSON.stringify({
    items: rows.map((r) => ({
      id: r.id,
      number: r.number,
      status: r.status,
      subtotal: { amountInMinorUnit: r.subtotal_amount, currency: r.subtotal_currency },
      totalExcludingTax: { amountInMinorUnit: r.total_excluding_tax_amount, currency: r.total_excluding_tax_currency },
      ...(r.due_date !== null ? { dueDate: r.due_date } : {}),
      ...(r.paid_at !== null ? { paidAt: r.paid_at } : {}),
    })),
  });
}

/** The internal gateway's inventory level: organization, warehouse, retail unit, level, as its four statements. */
async function inventoryLevel(organizationId: string, warehouseId: string, barcode: string): Promise<string> {
  if (!(await pool.query('SELECT 1 FROM organizations WHERE id = $1', [organizationId])).rowCount)
    throw new HttpProblem(404, 'The organization does not exist.');
  if (!(await pool.query('SELECT 1 FROM warehouses WHERE id = $1::text', [warehouseId])).rowCount) throw new HttpProblem(404, 'The warehouse does not exist.');
  const unit = await pool.query(
    `SELECT organization_id, barcode, sku, name, archived_at IS NOT NULL AS archived FROM retail_units
        WHERE organization_id = $1 AND barcode = $2::text`,
    [organizationId, barcode],
  );
  if (!unit.rows[0]) throw new HttpProblem(404, 'The barcode is not a retail unit of this organization.');
  const { rows } = await pool.query<{ on_hand: number; allocated: number; pending_allocation: number }>(
    'SELECT on_hand, allocated, pending_allocation FROM inventory_levels WHERE organization_id = $1 AND warehouse_id = $2::text AND barcode = $3::text',
    [organizationId, warehouseId, barcode],
  );
  const level = rows[0] ?? { on_hand: 0, allocated: 0, pending_allocation: 0 };
  return JSON.stringify({
    organizationId,
    warehouseId,
    barcode,
    fulfillable: level.on_hand - level.allocated,
    allocated: level.allocated,
    pendingAllocation: level.pending_allocation,
    sellable: level.on_hand - level.allocated - level.pending_allocation,
    onHand: level.on_hand,
  });
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) throw new HttpProblem(415, 'The body must be application/json.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 1_000_000) throw new HttpProblem(413, 'The body is too large.');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpProblem(400, 'The body is not valid JSON.');
  }
}

async function salesOrder(req: IncomingMessage, res: ServerResponse, identity: Identity, organizationId: string, storeId: string): Promise<void> {
  const keyHeader = req.headers['idempotency-key'];
  if (keyHeader !== undefined && (Array.isArray(keyHeader) || !IDEMPOTENCY_KEY.test(keyHeader)))
    throw new HttpProblem(400, 'The Idempotency-Key header is not valid.');
  let input: BaselineSalesOrderInput;
  try {
    input = parseSalesOrderInput(await readJson(req));
  } catch (error) {
    if (error instanceof SalesOrderInputError) throw new HttpProblem(400, error.message);
    throw error;
  }
  const outcome = await baselineSalesOrder(pool, {
    caller: {
      clientId: identity.clientId,
      clientType: identity.clientType,
      organizationId: identity.clientType === 'ORGANIZATION' ? identity.organizationId : undefined,
    },
    organizationId,
    storeId,
    idempotencyKey: keyHeader,
    input,
  });
  if (outcome.kind === 'noOrganization') throw new HttpProblem(404, 'The organization does not exist.');
  if (outcome.kind === 'forbidden') throw new HttpProblem(403, 'The caller has no access to this organization.');
  if (outcome.kind === 'noStore') throw new HttpProblem(404, 'The store does not exist in this organization.');
  if (outcome.kind === 'conflict') throw new HttpProblem(409, 'A request with this Idempotency-Key is still being processed; retry it shortly.');
  if (outcome.kind === 'reused') throw new HttpProblem(422, 'This Idempotency-Key was already used with a different request.');
  if (outcome.kind === 'unresolved') throw new HttpProblem(400, 'Some lines do not resolve to a retail unit of the organization.');
  if (outcome.kind !== 'created' && outcome.kind !== 'replayed') return;
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
  if (outcome.kind === 'replayed') headers['Idempotent-Replayed'] = 'true';
  res.writeHead(201, headers).end(JSON.stringify(outcome.record));
}

/** POST a return of a shipped order (contract 6.8): the same access rule, statements and answer as the gateway, by hand. */
async function createReturn(
  req: IncomingMessage,
  res: ServerResponse,
  identity: Identity,
  organizationId: string,
  storeId: string,
  salesOrderId: string,
): Promise<void> {
  let input: BaselineReturnInput;
  try {
    input = parseReturnInput(await readJson(req));
  } catch (error) {
    if (error instanceof ReturnInputError) throw new HttpProblem(400, error.message);
    throw error;
  }
  await assertCanAccessOrganization(identity, organizationId);
  const { rows } = await pool.query('SELECT warehouse_id FROM stores WHERE organization_id = $1 AND id = $2', [organizationId, storeId]);
  if (!rows[0]) throw new HttpProblem(404, 'The store does not exist in this organization.');
  const outcome = await baselineReturn(pool, { clientId: identity.clientId, organizationId, storeId, salesOrderId, input });
  if (outcome.kind === 'notFound') throw new HttpProblem(404, 'The sales order does not exist in this store.');
  if (outcome.kind === 'unknownBarcode') throw new HttpProblem(400, 'Some lines do not name a retail unit of the organization.');
  if (outcome.kind !== 'created') throw new HttpProblem(409, 'Some lines ask for more than may be returned.');
  res
    .writeHead(201, { ...JSON_HEADERS, Location: `/v0/organizations/${organizationId}/returns/${(outcome.record as { id: string }).id}` })
    .end(JSON.stringify(outcome.record));
}

/** POST an inbound shipment (contract 6.9): a SERVICE caller, as the bench sends it; the same transaction as the gateway's. */
async function inboundShipment(req: IncomingMessage, res: ServerResponse, identity: Identity, organizationId: string): Promise<void> {
  const keyHeader = req.headers['idempotency-key'];
  if (keyHeader !== undefined && (Array.isArray(keyHeader) || !IDEMPOTENCY_KEY.test(keyHeader)))
    throw new HttpProblem(400, 'The Idempotency-Key header is not valid.');
  let input: BaselineInboundInput;
  try {
    // Today is the earliest date still current somewhere (UTC-12), as the gateway has it.
    input = parseInboundInput(await readJson(req), new Date(Date.now() - 12 * 3600_000).toISOString().slice(0, 10));
  } catch (error) {
    if (error instanceof InboundInputError) throw new HttpProblem(400, error.message);
    throw error;
  }
  await assertCanAccessOrganization(identity, organizationId);
  if (identity.clientType === 'CONNECTOR') throw new HttpProblem(403, 'A connector cannot announce or read inbound shipments.');
  const outcome = await baselineInboundShipment(pool, { clientId: identity.clientId, organizationId, idempotencyKey: keyHeader, input });
  if (outcome.kind === 'conflict') throw new HttpProblem(409, 'A request with this Idempotency-Key is still being processed; retry it shortly.');
  if (outcome.kind === 'reused') throw new HttpProblem(422, 'This Idempotency-Key was already used with a different request.');
  if (outcome.kind === 'refused') throw new HttpProblem(400, 'The inbound shipment cannot be announced as sent.');
  if (outcome.kind !== 'created' && outcome.kind !== 'replayed') return;
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
  if (outcome.kind === 'replayed') headers['Idempotent-Replayed'] = 'true';
  res.writeHead(201, headers).end(JSON.stringify(outcome.record));
}

const STATUS_OF_FULFILMENT: Record<string, string> = { SHIPPED: 'SHIPPED', CANCELLED: 'CANCELLED', WITHDRAWN: 'CANCELLED' };

/** GET one sales order (contract 6.2): the same access rule, query and fields as the gateway, by hand. */
async function readSalesOrder(res: ServerResponse, identity: Identity, organizationId: string, storeId: string, salesOrderId: string): Promise<void> {
  await assertCanAccessOrganization(identity, organizationId);
  const { rows } = await pool.query<{ record: Record<string, unknown> | null }>(
    `SELECT (SELECT json_build_object(
               'id', o.id, 'organizationId', o.organization_id,
               'environment', (SELECT lower(env.environment) FROM organizations env WHERE env.id = o.organization_id),
               'storeId', o.store_id, 'orderReference', o.order_reference,
               'placedAt', to_char(o.placed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'createdAt', to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'customer', o.customer,
               'lineItems', (SELECT json_agg(l.attributes ORDER BY l.position) FROM sales_order_lines l WHERE l.sales_order_id = o.id),
               'fulfilmentOrderId', f.id, 'fulfilmentStatus', f.status,
               'updatedAt', to_char(greatest(o.created_at, f.updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'shipments', (SELECT coalesce(json_agg(json_build_object('id', s.id, 'status', s.status, 'carrier', s.carrier, 'service', s.service,
                                'trackingNumber', s.tracking_number, 'trackingUrl', s.tracking_url,
                                'shippedAt', to_char(s.shipped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                'deliveredAt', to_char(s.delivered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                'lines', (SELECT json_agg(json_build_object('barcode', sl.barcode, 'sku', sl.sku, 'quantity', sl.quantity) ORDER BY sl.position)
                                            FROM shipment_lines sl WHERE sl.shipment_id = s.id)) ORDER BY s.position), '[]'::json)
                               FROM shipments s WHERE s.fulfilment_order_id = f.id))
             FROM sales_orders o JOIN fulfilment_orders f ON f.sales_order_id = o.id
            WHERE o.id = $1 AND o.organization_id = $2 AND o.store_id = $3) AS record`,
    [salesOrderId, organizationId, storeId],
  );
  const record = rows[0].record;
  if (!record) throw new HttpProblem(404, 'The sales order does not exist in this store.');
  record.status = STATUS_OF_FULFILMENT[record.fulfilmentStatus as string] ?? 'RECEIVED';
  // Shipments: unset fields left out; DELIVERED (with the latest delivery) when every shipment of a SHIPPED order is.
  const shipments = record.shipments as Record<string, unknown>[];
  for (const shipment of shipments) for (const key of Object.keys(shipment)) if (shipment[key] === null) delete shipment[key];
  if (record.status === 'SHIPPED' && shipments.length > 0 && shipments.every((x) => x.status === 'DELIVERED')) {
    record.status = 'DELIVERED';
    record.deliveredAt = shipments
      .map((x) => String(x.deliveredAt))
      .sort()
      .at(-1);
  }
  res.writeHead(200, JSON_HEADERS).end(JSON.stringify(record));
}

// ---- server -----------------------------------------------------------------------------------

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (req.method === 'GET' && path === '/health/ready') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  const parts = path.split('/');
  const isWhoami = req.method === 'GET' && path === '/v0/whoami';
  const isInventory = req.method === 'GET' && parts.length === 5 && parts[1] === 'v0' && parts[2] === 'organizations' && parts[4] === 'inventory';
  const isInvoices = req.method === 'GET' && parts.length === 5 && parts[1] === 'v0' && parts[2] === 'organizations' && parts[4] === 'invoices';
  const isSalesOrder =
    req.method === 'POST' && parts.length === 7 && parts[1] === 'v0' && parts[2] === 'organizations' && parts[4] === 'stores' && parts[6] === 'sales-orders';
  const isSalesOrderRead =
    req.method === 'GET' && parts.length === 8 && parts[1] === 'v0' && parts[2] === 'organizations' && parts[4] === 'stores' && parts[6] === 'sales-orders';
  const isReturn =
    req.method === 'POST' &&
    parts.length === 9 &&
    parts[1] === 'v0' &&
    parts[2] === 'organizations' &&
    parts[4] === 'stores' &&
    parts[6] === 'sales-orders' &&
    parts[8] === 'returns';
  const isInbound = req.method === 'POST' && parts.length === 5 && parts[1] === 'v0' && parts[2] === 'organizations' && parts[4] === 'inbound-shipments';
  // The internal gateway's GET /organizations/{organizationId}/warehouses/{warehouseId}/inventory/{barcode}.
  const isLevel = req.method === 'GET' && parts.length === 7 && parts[1] === 'organizations' && parts[3] === 'warehouses' && parts[5] === 'inventory';
  if (!isWhoami && !isInventory && !isInvoices && !isSalesOrder && !isSalesOrderRead && !isReturn && !isLevel && !isInbound)
    throw new HttpProblem(404, 'No such operation.');
  const identity = isLevel ? await authenticate(req, INTERNAL_AUDIENCE, INTERNAL_AUDIENCE) : await authenticate(req, AUDIENCE, AUDIENCE);
  if (isWhoami) {
    res.writeHead(200, JSON_HEADERS).end(whoami(identity));
    return;
  }
  const organizationId = decodeURIComponent(parts[isLevel ? 2 : 3]).toLowerCase();
  if (!UUID.test(organizationId)) throw new HttpProblem(400, 'The path parameter organizationId is not valid.');
  if (isInventory) return inventory(res, identity, organizationId);
  if (isInbound) return inboundShipment(req, res, identity, organizationId);
  if (isInvoices) {
    res.writeHead(200, JSON_HEADERS).end(await invoices(identity, organizationId));
    return;
  }
  if (isLevel) {
    const warehouseId = decodeURIComponent(parts[4]);
    const barcode = decodeURIComponent(parts[6]);
    if (!ENTITY_ID.test(warehouseId)) throw new HttpProblem(400, 'The path parameter warehouseId is not valid.');
    if (!BARCODE.test(barcode)) throw new HttpProblem(400, 'The path parameter barcode is not valid.');
    res.writeHead(200, JSON_HEADERS).end(await inventoryLevel(organizationId, warehouseId, barcode));
    return;
  }
  const storeId = decodeURIComponent(parts[5]);
  if (!ENTITY_ID.test(storeId)) throw new HttpProblem(400, 'The path parameter storeId is not valid.');
  if (isSalesOrderRead || isReturn) {
    const salesOrderId = decodeURIComponent(parts[7]).toLowerCase();
    if (!UUID.test(salesOrderId)) throw new HttpProblem(400, 'The path parameter salesOrderId is not valid.');
    return isReturn
      ? createReturn(req, res, identity, organizationId, storeId, salesOrderId)
      : readSalesOrder(res, identity, organizationId, storeId, salesOrderId);
  }
  return salesOrder(req, res, identity, organizationId, storeId);
}

function problem(res: ServerResponse, status: number, detail: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { ...headers, 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ type: 'about:blank', title: String(status), status, detail }));
}

const server = createServer((req, res) => {
  const started = process.hrtime.bigint();
  const incoming = req.headers['x-request-id'];
  const requestId = typeof incoming === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', requestId);
  res.once('finish', () => {
    const responseTime = Number(process.hrtime.bigint() - started) / 1e6;
    process.stdout.write(
      `${JSON.stringify({ level: 30, time: new Date().toISOString(), service: 'baseline', requestId, req: { method: req.method, url: req.url }, res: { statusCode: res.statusCode }, responseTime })}\n`,
    );
  });
  route(req, res).catch((error: unknown) => {
    if (error instanceof HttpProblem) return problem(res, error.status, error.detail, error.headers);
    process.stderr.write(`${requestId} ${(error as Error).stack}\n`);
    problem(res, 500, `Internal error; request id ${requestId}.`);
  });
});
server.keepAliveTimeout = 65_000;

Promise.all([loadKeys(), pool.query(BASELINE_FUNCTIONS)]).then(
  () => server.listen(PORT, '127.0.0.1', () => process.stdout.write(`baseline listening on ${PORT}\n`)),
  (error: Error) => {
    process.stderr.write(`baseline failed to start: ${error.message}\n`);
    process.exit(1);
  },
);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeIdleConnections();
    void pool.end().finally(() => process.exit(0));
  });
}
