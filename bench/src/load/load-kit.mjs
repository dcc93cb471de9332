// The load tools' kit: the sales order they all submit, the fixture organization they load, and one client for
// tokens and requests. Imported by the bench (TypeScript, through load-kit.d.mts), the capacity tool
// (tools/capacity-measure.mjs) and the scale test (tools/compose/scale-test.mjs). It lives in the bench's
// project, which owns it, so that lint lets the bench import it; plain ESM with no `import.meta`, so that
// webpack (the bench's bundle), Node (the two tools) and Jest (the bench's specs, through SWC) all load it.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';

// ---- the sales order ----------------------------------------------------------------------------------------

/**
 * A sales order of two lines over random barcodes of the organization, so that concurrent orders rarely wait on
 * the same inventory level, with a customer of first name, last name and email (what an integrator sends).
 */
export function salesOrderBody(reference, barcodes) {
  const pick = () => barcodes[randomInt(barcodes.length)];
  const lineItems = [pick(), pick()].map((barcode, i) => ({
    name: `Unit ${barcode}`,
    sku: `SKU-${barcode}`,
    barcode,
    quantity: 1 + i,
    price: { currency: 'EUR', amountInMinorUnit: 1299 },
    weightGram: 250,
  }));
  return JSON.stringify({
    orderReference: reference,
    placedAt: '2026-10-01T12:00:00Z',
    customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    lineItems,
  });
}

/** Where sales orders of a store are posted. */
export const salesOrdersPath = (org) => `/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders`;

/** A sales order with a fresh key (also its reference) as a request to send: `{ key, url, init }`. */
export function salesOrderRequest(baseUrl, token, org, key) {
  return {
    key,
    url: `${baseUrl}${salesOrdersPath(org)}`,
    init: {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': key },
      body: salesOrderBody(key, org.barcodes),
    },
  };
}

/**
 * The first organization of a fixture file (fixtures/demo.json): its store, the barcodes of its live retail units,
 * and one inventory level.
 */
export function fixtureOrganization(fixtureFile) {
  const fixture = JSON.parse(readFileSync(fixtureFile, 'utf8'));
  const organizationId = fixture.organizations[0].id;
  const level = fixture.inventory.find((i) => i.organizationId === organizationId);
  return {
    organizationId,
    storeId: fixture.stores.find((s) => s.organizationId === organizationId).id,
    barcodes: fixture.retailUnits.filter((u) => u.organizationId === organizationId && !u.archived).map((u) => u.barcode),
    level: { warehouseId: level.warehouseId, barcode: level.barcode },
  };
}

// ---- the client ---------------------------------------------------------------------------------------------

export const bearer = (token) => ({ authorization: `Bearer ${token}` });

/** A client's credentials as the bench registers them (clientId) or as the admin CLI prints them (client_id). */
const credentialsOf = (client) => ({ id: client.clientId ?? client.client_id, secret: client.clientSecret ?? client.client_secret });

/** A client-credentials token request (client_secret_post) to the public gateway at `baseUrl`. */
export function tokenRequest(baseUrl, client) {
  const { id, secret } = credentialsOf(client);
  return {
    url: `${baseUrl}/oauth2/token`,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: id, client_secret: secret }).toString(),
    },
  };
}

/** One access token, or an error naming the answer. */
export async function mintToken(baseUrl, client) {
  const { url, init } = tokenRequest(baseUrl, client);
  const answer = await send({ url, init });
  const token = answer.status === 200 ? JSON.parse(answer.text).access_token : undefined;
  if (!token) throw new Error(`token request failed: ${answer.status ?? answer.error} ${answer.text ?? ''}`);
  return token;
}

/** Distinct tokens of one client, a few requests at a time (the token endpoint's own throughput bounds this). */
export async function mintTokens(baseUrl, client, count, concurrency = 8) {
  const tokens = [];
  const worker = async () => {
    while (tokens.length < count) tokens.push(await mintToken(baseUrl, client));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return tokens.slice(0, count);
}

/**
 * Sends one request and records its answer: `{ start, end, status, retryAfter, contentType, replayed, text }`
 * (`replayed`: the answer is an `Idempotency-Key`'s stored one, `Idempotent-Replayed: true`), or
 * `{ start, end, error }` when none came (the connection's error code, or the timeout's message).
 */
export async function send({ url, init, timeoutMs = 30_000 }) {
  const record = { start: Date.now() };
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    record.text = await res.text();
    record.status = res.status;
    record.retryAfter = res.headers.get('retry-after');
    record.contentType = res.headers.get('content-type');
    record.replayed = res.headers.get('idempotent-replayed') === 'true';
  } catch (error) {
    record.error = error.cause?.code ?? error.message;
  }
  record.end = Date.now();
  return record;
}

/** `count` requests, `concurrency` at a time, each built by `build()` when it is its turn; every answer recorded. */
export async function sendConcurrently(count, concurrency, build) {
  const records = [];
  let sent = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < count) {
        sent += 1;
        const request = build();
        records.push({ ...(await send(request)), expected: request.expected });
      }
    }),
  );
  return records;
}

// ---- the processes ------------------------------------------------------------------------------------------

/** USER_HZ: /proc/<pid>/stat counts CPU in hundredths of a second. */
const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used (utime + stime; with children: also cutime + cstime), from /proc; 0 once it is gone. */
export function cpuSeconds(pid, withChildren = false) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // After the command: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14)
    const own = Number(fields[11]) + Number(fields[12]);
    return (withChildren ? own + Number(fields[13]) + Number(fields[14]) : own) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
