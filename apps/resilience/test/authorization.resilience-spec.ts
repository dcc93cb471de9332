// Area "authorization": the OWASP API Top 10 cases that apply, against the gateways as real processes.
// Object-level access across organizations, function-level access across the two gateways, the token
// attacks, mass assignment, brute force on the token endpoint (wrong secrets throttled per address, a
// right one always accepted, even from an address every caller shares), a flood of unknown key ids, and slow or numerous clients.
import { randomUUID } from 'node:crypto';
import { ON_DEMAND_GAP_MS } from '@gateway/domain';
import {
  HeldConnection,
  createTestClient,
  holdConnection,
  rotateTestSigningKey,
  rotationDuringFlood,
  rotationDuringFloodProblems,
  signTestToken,
  statusLines,
} from '@gateway/testing';
import { AreaTally } from './support/area-report';
import { tokenAttacks } from './support/forged-tokens';
import { startGateway } from './support/gateway-process';
import { RawResponse, problemBodyError, send } from './support/http';
import { OPERATIONS, Operation, ValidRequest, operationId, rawRequest, salesOrderBody } from './support/operations';
import { RELAXED_LIMITS, World, startWorld, tokenFor } from './support/world';

const publicOps = OPERATIONS.filter((op) => op.gateway === 'public' && !op.open);
const internalOps = OPERATIONS.filter((op) => op.gateway === 'internal');

describe('authorization', () => {
  let world: World;
  const tally = new AreaTally('authorization');

  beforeAll(async () => {
    world = await startWorld();
  });

  afterAll(() => world?.close());
  afterEach(() => tally.flush());

  const gatewayOf = (op: Operation) => (op.gateway === 'public' ? world.publicGateway : world.internalGateway);
  const call = (op: Operation, valid: ValidRequest, token: string | undefined) => send(gatewayOf(op).url, rawRequest(op, valid, token));
  const expectStatus = (res: RawResponse, status: number, what: string) =>
    tally.check(res.status === status && problemBodyError(res) === undefined, `${what}: answered ${res.status} ${res.text.slice(0, 160)}`);

  it('refuses every operation to a caller of the other gateway, and to no caller at all (401)', async () => {
    for (const op of [...publicOps, ...internalOps]) {
      const wrongAudience = op.gateway === 'public' ? world.internalToken : world.publicToken;
      const res = await call(op, op.valid(world), wrongAudience);
      expectStatus(res, 401, `${operationId(op)} with a token of the other audience`);
      tally.check(/^Bearer /.test(String(res.headers['www-authenticate'])), `${operationId(op)}: 401 without WWW-Authenticate: Bearer`);
      expectStatus(await call(op, op.valid(world), undefined), 401, `${operationId(op)} without a token`);
    }
    expect(tally.failures).toEqual([]);
  });

  it('refuses every token attack on every operation (401)', async () => {
    const attacks = {
      public: await tokenAttacks(world.publicGateway.url, world.database.url, world.publicGateway.url, 'public'),
      internal: await tokenAttacks(world.publicGateway.url, world.database.url, 'urn:gateway:internal', 'internal'),
    };
    for (const op of [...publicOps, ...internalOps]) {
      for (const attack of attacks[op.gateway])
        expectStatus(await call(op, op.valid(world), attack.token), 401, `${operationId(op)} with a token: ${attack.name}`);
    }
    expect(tally.failures).toEqual([]);
  });

  it('keeps every public caller out of organizations it cannot access (403), and unknown objects inside its own out of reach (404)', async () => {
    const { org, otherOrg } = world;
    const callers = {
      ORGANIZATION: await tokenFor(world.publicGateway.url, world.database.url, { type: 'ORGANIZATION', organizationId: org.organizationId }),
      'USER (owner)': await tokenFor(world.publicGateway.url, world.database.url, { type: 'USER', userId: org.ownerId }),
      CONNECTOR: await tokenFor(world.publicGateway.url, world.database.url, { type: 'CONNECTOR', connectionIds: [org.connectionId] }),
    };
    for (const [caller, token] of Object.entries(callers)) {
      for (const op of publicOps.filter((o) => o.organizationScoped)) {
        const valid = op.valid(world);
        const foreign = {
          ...valid,
          path: { ...valid.path, organizationId: otherOrg.organizationId, ...(valid.path.storeId ? { storeId: otherOrg.storeId } : {}) },
        };
        expectStatus(await call(op, foreign, token), 403, `${caller} on ${operationId(op)} of another organization`);
        const missing = { ...valid, path: { ...valid.path, organizationId: randomUUID() } };
        expectStatus(await call(op, missing, token), 403, `${caller} on ${operationId(op)} of an organization that does not exist`);
      }
    }
    const invoice = OPERATIONS.find((op) => op.template.endsWith('{invoiceId}')) as Operation;
    const otherOrgToken = await tokenFor(world.publicGateway.url, world.database.url, { type: 'ORGANIZATION', organizationId: otherOrg.organizationId });
    expectStatus(
      await call(invoice, { path: { organizationId: otherOrg.organizationId, invoiceId: world.invoiceId } }, otherOrgToken),
      404,
      'an invoice of another organization under the caller’s own',
    );
    const order = OPERATIONS.find((op) => op.template.endsWith('/sales-orders')) as Operation;
    const orderRequest = order.valid(world);
    expectStatus(
      await call(
        order,
        {
          ...orderRequest,
          path: { organizationId: otherOrg.organizationId, storeId: org.storeId },
          body: { ...salesOrderBody(world), lineItems: [{ sku: 's', barcode: otherOrg.barcodes[0], quantity: 1 }] },
        },
        otherOrgToken,
      ),
      404,
      'a store of another organization under the caller’s own',
    );
    // Role and connection limits inside an accessible organization.
    const member = await tokenFor(world.publicGateway.url, world.database.url, { type: 'USER', userId: org.memberId });
    expectStatus(await call(invoice, invoice.valid(world), member), 403, 'a MEMBER reading invoices');
    expectStatus(await call(invoice, invoice.valid(world), callers.CONNECTOR), 403, 'a CONNECTOR reading invoices');
    expectStatus(
      await call(order, { ...orderRequest, path: { organizationId: org.organizationId, storeId: org.otherStoreId } }, callers.CONNECTOR),
      403,
      'a CONNECTOR ordering into a store outside its connections',
    );
    // Webhook endpoints: a member manages none, a connector only those it created (the world's are the organization's).
    for (const op of publicOps.filter((o) => o.template.includes('{webhookEndpointId}'))) {
      expectStatus(await call(op, op.valid(world), member), 403, `a MEMBER on ${operationId(op)}`);
      expectStatus(await call(op, op.valid(world), callers.CONNECTOR), 404, `a CONNECTOR on ${operationId(op)} of an endpoint it did not create`);
    }
    const events = publicOps.find((o) => o.template.endsWith('/events')) as Operation;
    expectStatus(await call(events, events.valid(world), member), 403, 'a MEMBER reading the events feed');
    expect(tally.failures).toEqual([]);
  });

  it('never lets an internal operation reach another organization’s objects through an organization’s path', async () => {
    const { org, otherOrg } = world;
    const op = (suffix: string) => internalOps.find((o) => o.template.endsWith(suffix)) as Operation;
    const orgPath = { organizationId: org.organizationId };
    const cases: [Operation, ValidRequest, string][] = [
      [
        op('/inventory/{barcode}'),
        { path: { ...orgPath, warehouseId: org.warehouseId, barcode: otherOrg.barcodes[0] } },
        'the level of another organization’s barcode',
      ],
      [op('/archive'), { path: { ...orgPath, barcode: otherOrg.barcodes[0] } }, 'archiving another organization’s retail unit'],
      [op('/cancel'), { path: { ...orgPath, fulfilmentOrderId: world.otherFulfilmentOrderId } }, 'cancelling another organization’s fulfilment order'],
      [op('/withdraw'), { path: { ...orgPath, fulfilmentOrderId: world.otherFulfilmentOrderId } }, 'withdrawing another organization’s fulfilment order'],
    ];
    for (const [operation, request, what] of cases) expectStatus(await call(operation, request, world.internalToken), 404, what);
    const dispatch = op('/dispatch-command');
    const res = await call(
      dispatch,
      {
        path: {},
        body: { commandName: 'SHIP_FULFILMENT_ORDER', organizationId: org.organizationId, commandBody: { fulfilmentOrderId: world.otherFulfilmentOrderId } },
      },
      world.internalToken,
    );
    tally.check(
      res.status === 200 && JSON.parse(res.text).outcome === 'FAILED',
      `a command on another organization’s fulfilment order: answered ${res.status} ${res.text.slice(0, 160)}`,
    );
    const { rows } = await world.database.db.query<{ status: string }>('SELECT status FROM fulfilment_orders WHERE id = $1', [world.otherFulfilmentOrderId]);
    tally.check(rows[0]?.status === 'OPEN', `the other organization’s fulfilment order changed to ${rows[0]?.status}`);
    // A shipment is reached only through its own organization: UPDATE_SHIPMENT naming another one fails and changes nothing.
    const update = await call(
      dispatch,
      {
        path: {},
        body: { commandName: 'UPDATE_SHIPMENT', organizationId: otherOrg.organizationId, commandBody: { shipmentId: world.shipmentId, status: 'DELIVERED' } },
      },
      world.internalToken,
    );
    tally.check(
      update.status === 200 && JSON.parse(update.text).outcome === 'FAILED',
      `UPDATE_SHIPMENT of a shipment of another organization: answered ${update.status} ${update.text.slice(0, 160)}`,
    );
    const shipment = await world.database.db.query<{ status: string }>('SELECT status FROM shipments WHERE id = $1', [world.shipmentId]);
    tally.check(shipment.rows[0]?.status === 'SHIPPED', `the shipment changed to ${shipment.rows[0]?.status}`);
    expect(tally.failures).toEqual([]);
  });

  it('refuses mass assignment: properties the caller may not set are named, and nothing is written', async () => {
    const order = OPERATIONS.find((op) => op.template.endsWith('/sales-orders')) as Operation;
    const smuggled: [string, (body: Record<string, unknown>) => void][] = [
      ['/id', (b) => (b.id = randomUUID())],
      ['/status', (b) => (b.status = 'SHIPPED')],
      ['/organizationId', (b) => (b.organizationId = world.otherOrg.organizationId)],
      ['/fulfilmentOrderId', (b) => (b.fulfilmentOrderId = world.otherFulfilmentOrderId)],
      ['/createdAt', (b) => (b.createdAt = '2020-01-01T00:00:00Z')],
      ['/customer/isAdmin', (b) => ((b.customer as Record<string, unknown>).isAdmin = true)],
      ['/lineItems/0/allocated', (b) => ((b.lineItems as Record<string, unknown>[])[0].allocated = 5)],
      ['/lineItems/0/price/discount', (b) => (((b.lineItems as Record<string, unknown>[])[0].price as Record<string, unknown>).discount = 100)],
    ];
    for (const [pointer, smuggle] of smuggled) {
      const reference = `mass-${randomUUID()}`;
      const body = salesOrderBody(world, reference);
      smuggle(body);
      const res = await call(order, { ...order.valid(world), body }, world.publicToken);
      expectStatus(res, 400, `a sales order with ${pointer}`);
      const pointers = res.status === 400 ? (JSON.parse(res.text).errors as { pointer: string }[]).map((e) => e.pointer) : [];
      tally.check(pointers.includes(pointer), `a sales order with ${pointer}: the problem names ${pointers.join(', ')}`);
      const { rowCount } = await world.database.db.query('SELECT 1 FROM sales_orders WHERE order_reference = $1', [reference]);
      tally.check(rowCount === 0, `a sales order with ${pointer} was written`);
    }
    expect(tally.failures).toEqual([]);
  });

  it('limits brute force on the token endpoint with 429 and Retry-After, per address, and never refuses a right secret, even from an address strangers share', async () => {
    // TRUST_PROXY: the client address is X-Forwarded-For's, so one test process speaks from several addresses.
    const gateway = await startGateway('public-gateway', {
      databaseUrl: world.database.url,
      env: { TOKEN_RATE_LIMIT_PER_MINUTE: '10', FAILED_AUTH_LIMIT_PER_CLIENT: '5', FAILED_AUTH_LIMIT_PER_ADDRESS: '20', TRUST_PROXY: 'true' },
    });
    const tokenRequest = (clientId: string, clientSecret: string, address = '127.0.0.1') =>
      send(gateway.url, {
        method: 'POST',
        path: '/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }).toString(),
      });
    const limited = (res: RawResponse) => res.status === 429 && Number(res.headers['retry-after']) > 0 && JSON.parse(res.text).error === 'slow_down';
    try {
      // Minting: 10 a minute per client.
      const greedy = await createTestClient(world.database.url, { type: 'SERVICE' });
      const minted: number[] = [];
      for (let i = 0; i < 12; i += 1) minted.push((await tokenRequest(greedy.clientId, greedy.clientSecret)).status);
      tally.check(minted.join() === [...Array(10).fill(200), 429, 429].join(), `minting 12 tokens in a row answered ${minted.join()}`);
      // Guessing one client's secret from one address: 5 failures, then that address's wrong secrets wait; its right secret does not.
      const victim = await createTestClient(world.database.url, { type: 'SERVICE' });
      const guesses: number[] = [];
      for (let i = 0; i < 8; i += 1) guesses.push((await tokenRequest(victim.clientId, `guess-${i}`, '127.0.0.2')).status);
      tally.check(guesses.join() === [401, 401, 401, 401, 401, 429, 429, 429].join(), `8 wrong secrets answered ${guesses.join()}`);
      const rightAfterGuesses = await tokenRequest(victim.clientId, victim.clientSecret, '127.0.0.2');
      tally.check(rightAfterGuesses.status === 200, `the right secret from the guessing address answered ${rightAfterGuesses.status}`);
      // A stranger's 50 wrong secrets from another address do not keep the holder out.
      const holder = await createTestClient(world.database.url, { type: 'SERVICE' });
      const strangers: number[] = [];
      for (let i = 0; i < 50; i += 1) strangers.push((await tokenRequest(holder.clientId, `guess-${i}`, '127.0.0.3')).status);
      tally.check(strangers.join() === [...Array(5).fill(401), ...Array(45).fill(429)].join(), `a stranger's 50 wrong secrets answered ${strangers.join()}`);
      const own = await tokenRequest(holder.clientId, holder.clientSecret, '127.0.0.4');
      tally.check(
        own.status === 200 && JSON.parse(own.text).access_token !== undefined,
        `the holder after a stranger's 50 wrong secrets answered ${own.status} ${own.text.slice(0, 160)}`,
      );
      // Spraying client ids from one address: locked out after 20 failures in all.
      const spray: RawResponse[] = [];
      for (let i = 0; i < 25; i += 1) spray.push(await tokenRequest(`cl_spray_${i}_${randomUUID()}`, 'guess', '127.0.0.5'));
      const firstLimited = spray.findIndex(limited);
      tally.check(firstLimited === 20 && spray.slice(firstLimited).every(limited), `spraying 25 client ids answered ${spray.map((r) => r.status).join()}`);
      // The sprayed address is one every caller shares (a proxy's, behind a gateway that does not trust it):
      // the holder's wrong secret waits there, its right secret is accepted.
      const sharedWrong = await tokenRequest(holder.clientId, 'guess', '127.0.0.5');
      tally.check(limited(sharedWrong), `a wrong secret from the sprayed address answered ${sharedWrong.status}`);
      const sharedRight = await tokenRequest(holder.clientId, holder.clientSecret, '127.0.0.5');
      tally.check(sharedRight.status === 200, `the right secret from the sprayed address answered ${sharedRight.status}`);
    } finally {
      await gateway.stop();
    }
    expect(tally.failures).toEqual([]);
  });

  it('cuts off slow clients within the limits, answers a refused bearer request without its body, and caps connections, on both gateways', async () => {
    const limits = { headers: 1500, request: 3000, connections: 10 };
    // Nothing here bounds a duration from above (the machine is shared): a limit is shown by what was answered, and by
    // the connection not closing before it. This is how long a check waits before it reports that nothing came.
    const giveUpMs = 30_000;
    // The world's quota, as every gateway on its database must have (its tokens' counters are shared).
    const env = {
      HTTP_HEADERS_TIMEOUT_MS: String(limits.headers),
      HTTP_REQUEST_TIMEOUT_MS: String(limits.request),
      HTTP_MAX_CONNECTIONS: String(limits.connections),
      API_RATE_LIMIT_PER_MINUTE: RELAXED_LIMITS.API_RATE_LIMIT_PER_MINUTE,
    };
    const gateways = {
      public: await startGateway('public-gateway', { databaseUrl: world.database.url, issuer: world.publicGateway.url, env }),
      internal: await startGateway('internal-gateway', { databaseUrl: world.database.url, issuer: world.publicGateway.url, env }),
    };
    const bodyPaths = {
      public: `/v0/organizations/${world.org.organizationId}/stores/${world.org.storeId}/sales-orders`,
      internal: '/internal-tools/clarify-inventory-levels',
    };
    const stalledPost = (path: string, authorization?: string) =>
      [
        `POST ${path} HTTP/1.1`,
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Content-Length: 1000',
        ...(authorization ? [`Authorization: ${authorization}`] : []),
        '',
        '{"a":',
      ].join('\r\n');
    /** Closed by the gateway with `status` as its only answer, not before `limitMs` (the clocks may differ by a few ms). */
    const cutOff = async (what: string, connection: HeldConnection, status: number, limitMs: number) => {
      const { text, closedAfterMs } = await connection.closed(giveUpMs);
      tally.check(statusLines(text).join() === String(status), `${what}: answered ${statusLines(text).join() || 'nothing'}`);
      tally.check(
        closedAfterMs !== undefined && closedAfterMs >= limitMs - 50,
        `${what}: closed after ${closedAfterMs ?? `more than ${giveUpMs}`} ms, the limit being ${limitMs} ms`,
      );
    };
    const live = 'GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';
    try {
      for (const [name, gateway] of Object.entries(gateways) as ['public' | 'internal', (typeof gateways)['public']][]) {
        const token = name === 'public' ? world.publicToken : world.internalToken;
        const slowHeaders = await Promise.all([1, 2, 3].map(() => holdConnection(gateway.url, 'GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')));
        const stalledBody = await holdConnection(gateway.url, stalledPost(bodyPaths[name], `Bearer ${token}`));
        const noToken = await holdConnection(gateway.url, stalledPost(bodyPaths[name]));
        const garbageToken = await holdConnection(gateway.url, stalledPost(bodyPaths[name], 'Bearer garbage'));
        // Other connections are served as usual meanwhile.
        const served = await send(gateway.url, { method: 'GET', path: '/health/live' });
        tally.check(served.status === 200, `${name}: /health/live answered ${served.status} while slow clients were held`);
        for (const [what, connection] of [
          ['no token', noToken],
          ['a garbage token', garbageToken],
        ] as const) {
          // Had the gateway waited for the body (which never comes), its first answer would be the 408 of the request limit.
          await connection.answered(/^HTTP\/1\.1 \d{3} [\s\S]*\r\n\r\n\{[^]*\}$/, giveUpMs);
          tally.check(
            statusLines(connection.received()).join() === '401',
            `${name}: a stalled body with ${what} was answered ${statusLines(connection.received()).join() || 'nothing'} before its body, not 401`,
          );
        }
        for (const [i, connection] of slowHeaders.entries()) await cutOff(`${name}: slow headers ${i}`, connection, 408, limits.headers);
        await cutOff(`${name}: a stalled body with a valid token`, stalledBody, 408, limits.request);
        await cutOff(`${name}: a stalled body without a token`, noToken, 401, limits.request);
        await cutOff(`${name}: a stalled body with a garbage token`, garbageToken, 401, limits.request);
        // The cap: connections beyond it are answered 503 with Retry-After and closed.
        const held = await Promise.all(Array.from({ length: limits.connections }, () => holdConnection(gateway.url)));
        const refused = await (await holdConnection(gateway.url)).closed(giveUpMs);
        tally.check(
          statusLines(refused.text).join() === '503' && /\r\nRetry-After: \d+\r\n/.test(refused.text) && refused.closedAfterMs !== undefined,
          `${name}: a connection beyond the cap got ${refused.text.slice(0, 200) || 'nothing'}`,
        );
        // Once they close, a new connection is served: the gateway learns of a close when its socket does, so a
        // connection opened before that is still refused; tried until the first one is not, and that one must be a 200.
        for (const connection of held) connection.socket.destroy();
        let again: number[] = [];
        for (let attempt = 0; attempt < 100; attempt++) {
          again = statusLines((await (await holdConnection(gateway.url, live)).closed(giveUpMs)).text);
          if (again[0] !== 503) break;
        }
        tally.check(again.join() === '200', `${name}: /health/live answered ${again.join() || 'nothing'} once the held connections closed`);
      }
    } finally {
      await Promise.all(Object.values(gateways).map((gateway) => gateway.stop()));
    }
    expect(tally.failures).toEqual([]);
  });

  it('keeps valid tokens of a key rotated in during an unknown-kid flood answering 200 on both gateways', async () => {
    const targets = [
      { gateway: world.publicGateway, audience: world.publicGateway.url, kind: 'public' as const, path: '/v0/whoami' },
      { gateway: world.internalGateway, audience: 'urn:gateway:internal', kind: 'internal' as const, path: '/internal-tools/release-channel-features' },
    ];
    for (const { gateway, audience, kind, path } of targets) {
      const { clientId } = await createTestClient(world.database.url, { type: 'SERVICE', audience: kind });
      const sign = () => signTestToken(world.database.url, { issuer: world.publicGateway.url, audience, clientId });
      const seen = await rotationDuringFlood({
        baseUrl: gateway.url,
        path,
        oldToken: await sign(),
        rotate: () => rotateTestSigningKey(world.database.url),
        newToken: sign,
        watchMs: ON_DEMAND_GAP_MS + 4_000,
      });
      const problems = rotationDuringFloodProblems(seen, ON_DEMAND_GAP_MS);
      tally.check(problems.length === 0, `${gateway.name} during an unknown-kid flood: ${problems.join('; ')}`);
    }
    expect(tally.failures).toEqual([]);
  }, 60_000);
});
