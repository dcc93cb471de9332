// Traces of the production bundle (dist/apps/public-gateway/main.js) as a real process: the instrumentations
// patch modules as they are required, which only a real Node process shows (Jest's module registry bypasses
// require hooks). The gateway exports OTLP/HTTP JSON to a receiver of this test, on loopback, and delivers
// webhooks to a receiver of this test, on loopback too.
import { spawn } from 'node:child_process';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { freePort } from '@gateway/dev-postgres';
import { Database } from '@gateway/persistence';
import {
  OpenApiValidator,
  SeededOrganization,
  TEST_KEY_ENCRYPTION_KEY,
  TestDatabase,
  createTestClient,
  createTestDatabase,
  seedOrganization,
  waitUntil,
} from '@gateway/testing';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const main = join(__dirname, '../../../dist/apps/public-gateway/main.js');

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
  scope: string;
}

/** An OTLP/HTTP JSON receiver: every span it was sent, with its instrumentation scope. */
function otlpReceiver() {
  const spans: ExportedSpan[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const request = JSON.parse(body) as { resourceSpans: { scopeSpans: { scope: { name: string }; spans: Omit<ExportedSpan, 'scope'>[] }[] }[] };
      for (const resourceSpans of request.resourceSpans)
        for (const scopeSpans of resourceSpans.scopeSpans) for (const span of scopeSpans.spans) spans.push({ ...span, scope: scopeSpans.scope.name });
      res.setHeader('Content-Type', 'application/json');
      res.end('{}');
    });
  });
  return { server, spans };
}

const attribute = (span: ExportedSpan, key: string) => span.attributes.find((a) => a.key === key)?.value.stringValue;
const intAttribute = (span: ExportedSpan, key: string) => Number(span.attributes.find((a) => a.key === key)?.value.intValue);

describe('public gateway traces (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  let database: TestDatabase;
  let receiver: { server: Server; spans: ExportedSpan[] };
  let gatewayUrl: string;
  let stop: () => Promise<unknown>;
  let webhooks: WebhookReceiver;
  let org: SeededOrganization;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = new Database({ url: database.url, poolMax: 1 });
    try {
      org = await seedOrganization(db);
    } finally {
      await db.close();
    }
    webhooks = await startWebhookReceiver();
    receiver = otlpReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    const port = await freePort();
    gatewayUrl = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [main], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: database.url,
        PUBLIC_GATEWAY_PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_BASE_URL: gatewayUrl,
        KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
        LOG_LEVEL: 'silent',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '50',
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_DISPATCH_INTERVAL_MS: '100',
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    stop = async () => {
      child.kill('SIGTERM');
      await exited;
    };
    const deadline = Date.now() + 30_000;
    while (
      !(await fetch(`${gatewayUrl}/health/ready`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('the gateway did not become ready');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);

  afterAll(async () => {
    await stop?.();
    receiver?.server.close();
    await webhooks?.close();
    await database?.drop();
  });

  it("continues the caller's traceparent through express, the Nest route and the database, with the request id on the server span", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentSpanId = '00f067aa0ba902b7';
    const response = await fetch(`${gatewayUrl}/oauth2/token`, {
      method: 'POST',
      headers: { traceparent: `00-${traceId}-${parentSpanId}-01`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=no-such-client&client_secret=wrong',
    });
    expect(response.status).toBe(401);
    // The answer is the one the served document describes.
    const validator = new OpenApiValidator((await (await fetch(`${gatewayUrl}/openapi.json`)).json()) as Record<string, unknown>);
    expect(validator.errors('POST', '/oauth2/token', 401, await response.json(), response.headers.get('content-type')?.split(';')[0])).toEqual([]);
    const requestId = response.headers.get('x-request-id');

    const deadline = Date.now() + 10_000;
    const inTrace = () => receiver.spans.filter((span) => span.traceId === traceId);
    const handled = () => inTrace().some((span) => span.kind === 2) && inTrace().some((span) => span.name === 'request handler');
    while (!handled() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

    const server = inTrace().find((span) => span.kind === 2 && span.parentSpanId === parentSpanId);
    expect(server).toBeDefined();
    expect(attribute(server!, 'http.request.id')).toBe(requestId);
    const scopes = new Set(inTrace().map((span) => span.scope));
    expect([...scopes].sort()).toEqual(
      expect.arrayContaining(['@opentelemetry/instrumentation-express', '@opentelemetry/instrumentation-http', '@opentelemetry/instrumentation-pg']),
    );
    // Nest's route handler, as the express layer it mounts; the server span is named by the route.
    expect(inTrace().map((span) => span.name)).toEqual(expect.arrayContaining(['request handler', 'POST /oauth2/token']));
    // No span of the request sits in another trace.
    expect(receiver.spans.filter((span) => attribute(span, 'http.request.id') === requestId && span.traceId !== traceId)).toEqual([]);
  });

  it('redacts a credential sent in the query string from the server span', async () => {
    const traceId = '5cf92f3577b34da6a3ce929d0e0e4737';
    const response = await fetch(`${gatewayUrl}/oauth2/token?client_id=no-such-client&client_secret=trace-qs-secret-4d5e`, {
      method: 'POST',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b8-01`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=no-such-client&client_secret=wrong',
    });
    expect(response.status).toBe(401);
    const deadline = Date.now() + 10_000;
    const server = () => receiver.spans.find((span) => span.traceId === traceId && span.kind === 2);
    while (!server() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(attribute(server()!, 'url.query')).toBe('client_id=no-such-client&client_secret=[redacted]');
    expect(JSON.stringify(receiver.spans)).not.toContain('trace-qs-secret-4d5e');
  });

  it('leaves health checks out of the traces', () => {
    expect(receiver.spans.filter((span) => (attribute(span, 'url.path') ?? '').startsWith('/health'))).toEqual([]);
  });

  it("records a webhook delivery's target by scheme, host and port only: no path or query of its URL in any span", async () => {
    const client = await createTestClient(database.url, { type: 'ORGANIZATION', organizationId: org.organizationId });
    const minted = await fetch(`${gatewayUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
    });
    expect(minted.status).toBe(200);
    const authorization = `Bearer ${((await minted.json()) as { access_token: string }).access_token}`;
    // A secret in the path, as chat webhooks carry one, and another in the query.
    const path = '/T000/B000/trace-path-secret-7c2e?channel=trace-query-secret-1b9a';
    const created = await fetch(`${gatewayUrl}/v0/organizations/${org.organizationId}/webhook-endpoints`, {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: webhooks.url(path), eventTypes: ['sales_order.created'] }),
    });
    expect(created.status).toBe(201);
    const endpointId = ((await created.json()) as { id: string }).id;
    const tested = await fetch(`${gatewayUrl}/v0/organizations/${org.organizationId}/webhook-endpoints/${endpointId}/test`, {
      method: 'POST',
      headers: { Authorization: authorization },
    });
    expect(tested.status).toBe(202);
    await waitUntil(() => webhooks.received.some((r) => r.path === path));

    const port = Number(new URL(webhooks.url('/')).port);
    const delivery = () =>
      receiver.spans.find((span) => span.kind === 3 && attribute(span, 'server.address') === '127.0.0.1' && intAttribute(span, 'server.port') === port);
    await waitUntil(() => delivery() !== undefined);
    expect(attribute(delivery()!, 'url.full')).toBe(`http://127.0.0.1:${port}`);
    expect(attribute(delivery()!, 'url.scheme')).toBe('http');
    const exported = JSON.stringify(receiver.spans);
    expect(exported).not.toContain('trace-path-secret-7c2e');
    expect(exported).not.toContain('trace-query-secret-1b9a');
    expect(exported).not.toContain('/T000/B000');
  });
});
