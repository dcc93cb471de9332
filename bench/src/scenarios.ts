// The scenarios of `npm run bench`: what each one sends, to which gateway, and whether the baseline
// server runs it too.
import { BenchDataset } from './dataset';
import { LoadSpec } from './load/load-spec';
import { salesOrderBody } from './load/sales-order-body';

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
}

export type ScenarioRequest = Pick<LoadSpec, 'method' | 'path' | 'headers' | 'body' | 'freshSalesOrders'>;

export interface Scenario {
  name: string;
  description: string;
  gateway: 'public' | 'internal';
  /** Also run against the framework-free baseline, alternating with the gateway. */
  baseline: boolean;
  /** Also run against the framework floor (an empty NestJS/express route): how far the stack itself goes. */
  floor?: boolean;
  /** Held to the targets: throughput at least 0.8 of the baseline's, p99 under 4 times p50. */
  targets: boolean;
  /** Fewer connections for answers of megabytes. */
  connections?: number;
  timeoutSeconds?: number;
  request(context: BenchContext): ScenarioRequest;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = (token: string) => ({ ...bearer(token), 'content-type': 'application/json' });

/** Where the sales-order scenarios (and the replay's first request) post: the store of an organization of the dataset. */
export const salesOrdersPath = (org: { organizationId: string; storeId: string }) => `/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders`;

export const SCENARIOS: Scenario[] = [
  {
    name: 'token-mint',
    description: 'POST /oauth2/token (client_secret_post; rate limit raised for the run)',
    gateway: 'public',
    baseline: false,
    targets: false,
    request: (c) => ({
      method: 'POST',
      path: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: c.mintingClient.clientId, client_secret: c.mintingClient.clientSecret }).toString(),
    }),
  },
  {
    name: 'whoami',
    description: 'GET /v0/whoami',
    gateway: 'public',
    baseline: true,
    floor: true,
    targets: true,
    request: (c) => ({ method: 'GET', path: '/v0/whoami', headers: bearer(c.publicToken) }),
  },
  {
    name: 'inventory-1k',
    description: 'GET /v0/organizations/{id}/inventory, 1,000 rows',
    gateway: 'public',
    baseline: true,
    targets: true,
    request: (c) => ({ method: 'GET', path: `/v0/organizations/${c.dataset[1_000].organizationId}/inventory`, headers: bearer(c.publicToken) }),
  },
  {
    name: 'inventory-100k',
    description: 'GET /v0/organizations/{id}/inventory, 100,000 rows (2 connections)',
    gateway: 'public',
    baseline: true,
    targets: false,
    connections: 2,
    timeoutSeconds: 120,
    request: (c) => ({ method: 'GET', path: `/v0/organizations/${c.dataset[100_000].organizationId}/inventory`, headers: bearer(c.publicToken) }),
  },
  {
    name: 'invoices',
    description: 'GET /v0/organizations/{id}/invoices (25 invoices)',
    gateway: 'public',
    baseline: false,
    targets: false,
    request: (c) => ({ method: 'GET', path: `/v0/organizations/${c.dataset[1_000].organizationId}/invoices`, headers: bearer(c.publicToken) }),
  },
  {
    name: 'sales-order-create',
    description: 'POST .../sales-orders, 2 lines, a fresh Idempotency-Key each',
    gateway: 'public',
    baseline: true,
    targets: false,
    request: (c) => {
      const org = c.dataset[1_000];
      return { method: 'POST', path: salesOrdersPath(org), headers: json(c.publicToken), body: salesOrderBody('placeholder', org.barcodes), freshSalesOrders: { barcodes: org.barcodes } };
    },
  },
  {
    name: 'sales-order-replay',
    description: 'POST .../sales-orders, the same Idempotency-Key and body (replayed answer)',
    gateway: 'public',
    baseline: false,
    targets: false,
    request: (c) => ({ method: 'POST', path: salesOrdersPath(c.dataset[1_000]), headers: { ...json(c.publicToken), 'idempotency-key': c.replay.key }, body: c.replay.body }),
  },
  {
    name: 'internal-inventory-level',
    description: 'GET /organizations/{id}/warehouses/{id}/inventory/{barcode} (internal gateway)',
    gateway: 'internal',
    baseline: false,
    targets: false,
    request: (c) => {
      const org = c.dataset[1_000];
      return { method: 'GET', path: `/organizations/${org.organizationId}/warehouses/${org.warehouseId}/inventory/${encodeURIComponent(org.barcodes[7])}`, headers: bearer(c.internalToken) };
    },
  },
];
