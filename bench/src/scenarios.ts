// The scenarios of `npm run bench`: what each one sends, to which gateway, what the gateway is compared
// with (the framework-free baseline, or oidc-provider for minting) and the target it is held to.
import { BenchDataset } from './dataset';
import { LoadSpec } from './load/load-spec';
import { salesOrderBody, salesOrdersPath } from './load/load-kit.mjs';
import { ReturnableOrders, returnBody, returnPaths } from './returnable-order';

export interface BenchContext {
  dataset: BenchDataset;
  /** Public-audience SERVICE token: every read and write of the public scenarios. */
  publicToken: string;
  /** Internal-audience SERVICE token. */
  internalToken: string;
  /** The client whose credentials the token-minting scenario presents. */
  mintingClient: { clientId: string; clientSecret: string };
  /** The key the replay scenario repeats (its first request has been answered before the run). */
  replay: { key: string; body: string };
  /** The order the replay's first request created: what sales-order-get reads. */
  salesOrderId: string;
  /** Shipped orders of one barcode: what return-create returns one unit at a time from, a slice of them at a time. */
  returnable: ReturnableOrders;
}

export type ScenarioRequest = Pick<LoadSpec, 'method' | 'path' | 'headers' | 'body' | 'freshSalesOrders' | 'freshKeys' | 'pathPool'>;

/**
 * The public gateway with its token cache on, the same with TOKEN_CACHE_ENABLED=false, the same with
 * DATABASE_READ_URL on the replica (BENCH_READ_URL), the internal gateway.
 */
export type GatewayName = 'public' | 'public-no-token-cache' | 'public-replica' | 'internal';

export interface Scenario {
  name: string;
  description: string;
  gateway: GatewayName;
  /** What the gateway is compared with, alternating runs: the framework-free baseline, or oidc-provider. */
  comparison?: 'baseline' | 'oidc-provider';
  /** Also run against the framework floor (an empty NestJS/express route): how far the stack itself goes. */
  floor?: boolean;
  /** The gateway's throughput must be at least this share of the comparison's (every scenario: p99 at most 4 times p50). */
  throughputTarget?: number;
  /** Every request a token never sent before (minted up front; the comparison gets the same tokens). */
  freshTokens?: boolean;
  /** Slices of each round of the quota comparison (quota-slices.ts): 1 where an answer takes a large part of a second. */
  quotaSlices?: number;
  /** Each measured run this many requests, timed to the last answer (LoadSpec.requests), instead of BENCH_DURATION_SECONDS. */
  requestsPerRun?: number;
  /** Fewer connections for answers of megabytes. */
  connections?: number;
  /** Each measured run this long instead of BENCH_DURATION_SECONDS. */
  durationSeconds?: number;
  timeoutSeconds?: number;
  request(context: BenchContext): ScenarioRequest;
}

/** An announcement of two of the organization's units at its store's warehouse, expected in 30 days. */
export function inboundShipmentBody(org: { warehouseId: string; barcodes: string[] }): string {
  return JSON.stringify({
    reference: 'bench-inbound',
    warehouseId: org.warehouseId,
    expectedArrivalDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    carrier: 'Bench Freight',
    lines: [
      { barcode: org.barcodes[0], quantity: 40 },
      { barcode: org.barcodes[1], quantity: 12 },
    ],
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = (token: string) => ({ ...bearer(token), 'content-type': 'application/json' });

/** A sales order of the 1,000-row organization over `barcodes`, each request a fresh reference and key. */
function salesOrderScenarioRequest(c: BenchContext, barcodes: string[]): ScenarioRequest {
  const org = c.dataset[1_000];
  return {
    method: 'POST',
    path: salesOrdersPath(org),
    headers: json(c.publicToken),
    body: salesOrderBody('placeholder', barcodes),
    freshSalesOrders: { barcodes },
  };
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'token-mint',
    description: 'POST /oauth2/token (client_secret_post; rate limit raised for the run), against oidc-provider',
    gateway: 'public',
    comparison: 'oidc-provider',
    throughputTarget: 1.0,
    request: (c) => ({
      method: 'POST',
      path: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: c.mintingClient.clientId,
        client_secret: c.mintingClient.clientSecret,
      }).toString(),
    }),
  },
  {
    name: 'whoami',
    description: 'GET /v0/whoami, a token reused, token cache on',
    gateway: 'public',
    comparison: 'baseline',
    floor: true,
    throughputTarget: 1.0,
    request: (c) => ({ method: 'GET', path: '/v0/whoami', headers: bearer(c.publicToken) }),
  },
  {
    name: 'whoami-no-cache',
    description: 'GET /v0/whoami, a token reused, TOKEN_CACHE_ENABLED=false',
    gateway: 'public-no-token-cache',
    comparison: 'baseline',
    request: (c) => ({ method: 'GET', path: '/v0/whoami', headers: bearer(c.publicToken) }),
  },
  {
    name: 'whoami-fresh-token',
    description: 'GET /v0/whoami, every request a token not seen before',
    gateway: 'public',
    comparison: 'baseline',
    throughputTarget: 0.8,
    freshTokens: true,
    request: () => ({ method: 'GET', path: '/v0/whoami', headers: {} }),
  },
  {
    name: 'inventory-1k',
    description: 'GET /v0/organizations/{id}/inventory, 1,000 rows',
    gateway: 'public',
    comparison: 'baseline',
    throughputTarget: 0.9,
    request: (c) => ({ method: 'GET', path: `/v0/organizations/${c.dataset[1_000].organizationId}/inventory`, headers: bearer(c.publicToken) }),
  },
  {
    name: 'inventory-1k-replica',
    description: 'GET /v0/organizations/{id}/inventory, 1,000 rows, read on a streaming replica (DATABASE_READ_URL); the baseline reads the primary',
    gateway: 'public-replica',
    comparison: 'baseline',
    request: (c) => ({ method: 'GET', path: `/v0/organizations/${c.dataset[1_000].organizationId}/inventory`, headers: bearer(c.publicToken) }),
  },
  {
    name: 'inventory-100k',
    description: 'GET /v0/organizations/{id}/inventory, 100,000 rows (2 connections)',
    gateway: 'public',
    comparison: 'baseline',
    connections: 2,
    // About 5 s at 4 answers a second.
    requestsPerRun: 20,
    quotaSlices: 1,
    timeoutSeconds: 120,
    request: (c) => ({ method: 'GET', path: `/v0/organizations/${c.dataset[100_000].organizationId}/inventory`, headers: bearer(c.publicToken) }),
  },
  {
    name: 'invoices',
    description: 'GET /v0/organizations/{id}/invoices (25 invoices)',
    gateway: 'public',
    comparison: 'baseline',
    throughputTarget: 0.8,
    request: (c) => ({ method: 'GET', path: `/v0/organizations/${c.dataset[1_000].organizationId}/invoices`, headers: bearer(c.publicToken) }),
  },
  {
    name: 'sales-order-create',
    description: 'POST .../sales-orders, 2 lines over random barcodes, a fresh Idempotency-Key each, 20 connections',
    gateway: 'public',
    comparison: 'baseline',
    throughputTarget: 0.8,
    connections: 20,
    request: (c) => salesOrderScenarioRequest(c, c.dataset[1_000].barcodes),
  },
  {
    // Every order takes the level rows of its barcodes: throughput is bounded by how long each is held.
    name: 'sales-order-create-hot',
    description: 'POST .../sales-orders, 2 lines over 3 hot barcodes, a fresh Idempotency-Key each, 20 connections',
    gateway: 'public',
    comparison: 'baseline',
    throughputTarget: 0.8,
    connections: 20,
    request: (c) => salesOrderScenarioRequest(c, c.dataset[1_000].barcodes.slice(0, 3)),
  },
  {
    name: 'sales-order-create-30s',
    description: 'POST .../sales-orders, 2 lines over random barcodes, 20 connections for 30 s: the order rate and its p50/p99 here',
    gateway: 'public',
    connections: 20,
    durationSeconds: 30,
    request: (c) => salesOrderScenarioRequest(c, c.dataset[1_000].barcodes),
  },
  {
    name: 'inbound-shipment-create',
    description: 'POST /v0/organizations/{id}/inbound-shipments, 2 lines, a fresh Idempotency-Key each (contract 6.9)',
    gateway: 'public',
    comparison: 'baseline',
    throughputTarget: 0.8,
    request: (c) => {
      const org = c.dataset[1_000];
      return {
        method: 'POST',
        path: `/v0/organizations/${org.organizationId}/inbound-shipments`,
        headers: json(c.publicToken),
        body: inboundShipmentBody(org),
        freshKeys: true,
      };
    },
  },
  {
    name: 'sales-order-replay',
    description: 'POST .../sales-orders, the same Idempotency-Key and body (replayed answer)',
    gateway: 'public',
    request: (c) => ({
      method: 'POST',
      path: salesOrdersPath(c.dataset[1_000]),
      headers: { ...json(c.publicToken), 'idempotency-key': c.replay.key },
      body: c.replay.body,
    }),
  },
  {
    name: 'sales-order-get',
    description: 'GET .../sales-orders/{salesOrderId} (contract 6.2)',
    gateway: 'public',
    comparison: 'baseline',
    throughputTarget: 0.8,
    request: (c) => ({ method: 'GET', path: `${salesOrdersPath(c.dataset[1_000])}/${c.salesOrderId}`, headers: bearer(c.publicToken) }),
  },
  {
    name: 'return-create',
    description: 'POST .../sales-orders/{salesOrderId}/returns, one unit of a shipped order, each slice of requests its own orders (contract 6.8)',
    gateway: 'public',
    comparison: 'baseline',
    request: (c) => {
      const pool = returnPaths(c.dataset, c.returnable);
      return { method: 'POST', path: pool.paths[0], headers: json(c.publicToken), body: returnBody(c.returnable.barcode), pathPool: pool };
    },
  },
  {
    name: 'internal-inventory-level',
    description: 'GET /organizations/{id}/warehouses/{id}/inventory/{barcode} (internal gateway)',
    gateway: 'internal',
    comparison: 'baseline',
    throughputTarget: 0.8,
    request: (c) => {
      const org = c.dataset[1_000];
      return {
        method: 'GET',
        path: `/organizations/${org.organizationId}/warehouses/${org.warehouseId}/inventory/${encodeURIComponent(org.barcodes[7])}`,
        headers: bearer(c.internalToken),
      };
    },
  },
];
