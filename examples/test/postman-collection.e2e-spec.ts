// The Postman collection (openapi/public.postman_collection.json): what `npm run openapi` generates from
// openapi/public.json, in the Collection v2.1 format, and green when newman runs it against the public
// gateway on the demo data with a SERVICE client's credentials (client_secret_post), as an integrator would.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { Database } from '@gateway/persistence';
import { createTestClient, seedSandboxOrganization } from '@gateway/testing';
import { DemoGateway, root, startDemoGateway } from './support/public-gateway-process';

const COLLECTION = 'openapi/public.postman_collection.json';
const collectionText = () => readFileSync(join(root, COLLECTION), 'utf8');

interface NewmanReport {
  run: {
    stats: Record<string, { total: number; failed: number }>;
    failures: { error: { message: string }; source?: { name?: string } }[];
    executions: { item: { name: string }; assertions?: { assertion: string; skipped: boolean; error?: unknown }[] }[];
  };
}

describe('the Postman collection', () => {
  it('is what `npm run openapi` generates from openapi/public.json (else run it)', () => {
    const generated = spawnSync(process.execPath, [join(root, 'tools/postman-collection.cjs')], { encoding: 'utf8', timeout: 60_000 });
    expect(generated.status).toBe(0);
    expect(collectionText() === generated.stdout).toBe(true);
  });

  it('is a Collection v2.1 document (newman, below, reads it with the Postman SDK), with bearer {{accessToken}}, requests in an order that runs', () => {
    const json = JSON.parse(collectionText());
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(
      JSON.parse(readFileSync(join(root, 'tools/postman/collection-v2.1.schema.json'), 'utf8')),
    );
    expect(validate(json) ? [] : validate.errors).toEqual([]);
    type Item = { name: string; request?: { method: string; url: { path: string[] } }; item?: Item[] };
    const line = (item: Item) => `${item.request?.method} /${item.request?.url.path.join('/')}`;
    const items = json.item as Item[];
    const requests = items.filter((item) => item.request).map(line);
    expect(requests[0]).toBe('POST /oauth2/token');
    expect(requests.at(-1)).toBe('DELETE /v0/organizations/:organizationId/webhook-endpoints/:webhookEndpointId');
    // Last, the sandbox's folder: the only place the simulations are, run with a sandbox organization's client.
    const folder = items.at(-1) as Item;
    expect([folder.name, folder.item?.map(line)]).toEqual([
      'Sandbox: an order simulated to delivery',
      [
        'POST /v0/organizations/:organizationId/stores/:storeId/sales-orders',
        'POST /v0/organizations/:organizationId/sandbox/simulations',
        'POST /v0/organizations/:organizationId/sandbox/simulations',
        'GET /v0/organizations/:organizationId/events',
      ],
    ]);
    expect(requests.filter((r) => r.includes('/sandbox/'))).toEqual([]);
    expect(json.auth).toEqual({ type: 'bearer', bearer: [{ key: 'token', value: '{{accessToken}}', type: 'string' }] });
    expect(json.variable.map((v: { key: string }) => v.key)).toEqual(
      expect.arrayContaining(['baseUrl', 'clientId', 'clientSecret', 'organizationId', 'storeId']),
    );
    // No host but the gateway's, Postman's schema, and names that cannot resolve (.invalid) or are reserved for examples (.example).
    expect(collectionText()).not.toMatch(
      /https?:\/\/(?!localhost[:/]|receiver\.invalid\/|tracking\.sandbox\.invalid\/|schema\.getpostman\.com\/|[a-z0-9.-]+\.example\/)/,
    );
  });

  describe('run by newman against the public gateway on the demo data', () => {
    let gateway: DemoGateway;
    let dir: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'newman-'));
      gateway = await startDemoGateway();
    }, 90_000);

    afterAll(async () => {
      await gateway?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('answers every request its documented success status, the one deliberate refusal a problem whose type resolves', async () => {
      const client = await createTestClient(gateway.database.url, { type: 'SERVICE' });
      // A sandbox organization beside the demo data, with a client of its own, for the sandbox folder. Made by the
      // tests' helper until the admin CLI's organizations:create --sandbox does it.
      const db = new Database({ url: gateway.database.url, poolMax: 1 });
      const sandbox = await seedSandboxOrganization(db).finally(() => db.close());
      const sandboxClient = await createTestClient(gateway.database.url, { type: 'ORGANIZATION', organizationId: sandbox.organizationId });
      const report = join(dir, 'report.json');
      const run = spawnSync(
        process.execPath,
        [
          join(root, 'node_modules/newman/bin/newman.js'),
          'run',
          join(root, COLLECTION),
          '--env-var',
          `baseUrl=${gateway.url}`,
          '--env-var',
          `clientId=${client.clientId}`,
          '--env-var',
          `clientSecret=${client.clientSecret}`,
          ...['sandboxClientId', sandboxClient.clientId, 'sandboxClientSecret', sandboxClient.clientSecret, 'sandboxOrganizationId', sandbox.organizationId]
            .concat(['sandboxStoreId', sandbox.storeId, 'sandboxBarcode', sandbox.barcodes[0]])
            .flatMap((value, index, all) => (index % 2 === 0 ? ['--env-var', `${value}=${all[index + 1]}`] : [])),
          '--reporters',
          'cli,json',
          '--reporter-json-export',
          report,
          '--color',
          'off',
          '--disable-unicode',
        ],
        { encoding: 'utf8', timeout: 120_000 },
      );
      process.stdout.write(run.stdout);
      const { run: result } = JSON.parse(readFileSync(report, 'utf8')) as NewmanReport;
      expect(result.failures.map((f) => `${f.source?.name}: ${f.error.message}`)).toEqual([]);
      expect(run.status).toBe(0);
      expect(result.stats.requests.failed).toBe(0);
      expect(result.stats.assertions.failed).toBe(0);
      // Every request ran its status test; the refusal also checked its problem body and the page of its type.
      expect(result.executions.filter((e) => !e.assertions?.some((a) => /^answers \d{3}/.test(a.assertion) && !a.skipped && !a.error))).toEqual([]);
      const refusal = result.executions.find((e) => e.item.name.startsWith('A refusal'));
      expect(refusal?.assertions?.map((a) => [a.assertion, a.skipped, a.error ?? null])).toEqual([
        ['answers 404 with a problem body', false, null],
        ['RateLimit fields, when sent, have their IETF form', false, null],
        ['its type is a page saying what it means', false, null],
      ]);
      // The sales order's chain: created with its address, read back, its address changed, cancelled (in that order).
      const chain = result.executions.flatMap((e) =>
        (e.assertions ?? []).filter((x) => /^the order /.test(x.assertion)).map((x) => [x.assertion, x.skipped, x.error ?? null]),
      );
      expect(chain).toEqual([
        ['the order is created with its shipping address', false, null],
        ['the order reads back with its shipping address', false, null],
        ['the order is cancelled, with its reason', false, null],
      ]);
      // The sandbox's folder: an order shipped and delivered by simulations, its webhook events in the feed.
      const sandboxChecks = result.executions.flatMap((e) =>
        (e.assertions ?? []).filter((x) => /sandbox order/.test(x.assertion)).map((x) => [x.assertion, x.skipped, x.error ?? null]),
      );
      // (newman repeats a request's assertions in an execution of each pm.sendRequest its pre-request script makes.)
      expect([...new Set(sandboxChecks.map((c) => JSON.stringify(c)))].map((c) => JSON.parse(c))).toEqual([
        ['the sandbox order ships in a SANDBOX parcel', false, null],
        ['the sandbox order is delivered', false, null],
        ['the events of the sandbox order are in the feed', false, null],
      ]);
      // Nothing secret in what newman printed.
      expect(run.stdout).not.toContain(client.clientSecret);
      expect(run.stdout).not.toContain(sandboxClient.clientSecret);
    }, 150_000);
  });
});
