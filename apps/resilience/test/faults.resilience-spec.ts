// Area "faults": the database stopped under load, SIGTERM under load, SIGKILL during sales-order
// creation. Answers stay honest (503 problems within 5 s, never a hang), the gateways recover by
// themselves, and no answered order is lost or doubled.
import { createTestClient, importFixture, orderIntegrity, seedOrganization, SeededOrganization, createTestDatabase } from '@gateway/testing';
import { Queryable } from '@gateway/persistence';
import { AreaTally } from './support/area-report';
import { GatewayProcess, startGateway, waitUntilReady } from './support/gateway-process';
import { RawRequest, RawResponse, problemBodyError, send } from './support/http';
import { OrderStreams, Sent, orderId, orderRequest } from './support/order-stream';
import { startOwnPostgres } from './support/own-postgres';
import { RELAXED_LIMITS, tokenFor } from './support/world';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pending(db: Queryable, org: SeededOrganization, barcode: string): Promise<number> {
  const { rows } = await db.query<{ pending_allocation: number }>(
    'SELECT pending_allocation FROM inventory_levels WHERE organization_id = $1 AND barcode = $2',
    [org.organizationId, barcode],
  );
  return rows[0]?.pending_allocation ?? 0;
}

/**
 * After a fault: every key answered 201 has exactly its one order; every other key, sent again, gets its
 * order now (created or replayed) and exactly one; no order is partial; the inventory moved by exactly
 * the orders that exist.
 */
async function checkNothingLostOrDoubled(
  tally: AreaTally,
  db: Queryable,
  gatewayUrl: string,
  token: string,
  org: SeededOrganization,
  sent: Sent[],
  pendingBefore: number,
): Promise<void> {
  const unanswered = sent.filter((s) => s.res?.status !== 201);
  for (let i = 0; i < unanswered.length; i += 8) {
    await Promise.all(
      unanswered.slice(i, i + 8).map(async (entry) => {
        const retry = await send(gatewayUrl, orderRequest(org, token, entry.key));
        tally.check(retry.status === 201, `retrying ${entry.key} after the fault answered ${retry.status} ${retry.text.slice(0, 120)}`);
      }),
    );
  }
  const { orders, partial } = await orderIntegrity(db, org.organizationId);
  tally.check(partial.length === 0, `partial orders: ${partial.join('; ')}`);
  for (const entry of sent) {
    const ids = orders.get(entry.key) ?? [];
    const answered = orderId(entry);
    tally.check(
      ids.length === 1 && (answered === undefined || ids[0] === answered),
      `key ${entry.key} (first answer ${entry.res?.status ?? entry.error}) has orders [${ids.join(', ')}]`,
    );
  }
  const orderCount = [...orders.values()].reduce((n, ids) => n + ids.length, 0);
  const moved = (await pending(db, org, org.barcodes[0])) - pendingBefore;
  tally.check(moved === orderCount, `pendingAllocation moved by ${moved} for ${orderCount} orders`);
}

describe('faults', () => {
  const tally = new AreaTally('faults');
  afterEach(() => tally.flush());

  it('answers 503 problems within 5 s while the database is down, reports not ready, recovers by itself, and loses or doubles no order', async () => {
    const postgres = await startOwnPostgres();
    const gateways: GatewayProcess[] = [];
    let streams: OrderStreams | undefined;
    try {
      const org = await seedOrganization(postgres.db);
      const publicGateway = await startGateway('public-gateway', { databaseUrl: postgres.databaseUrl, env: RELAXED_LIMITS });
      const internalGateway = await startGateway('internal-gateway', { databaseUrl: postgres.databaseUrl, issuer: publicGateway.url });
      gateways.push(publicGateway, internalGateway);
      const token = await tokenFor(publicGateway.url, postgres.databaseUrl, { type: 'SERVICE' });
      const internalToken = await tokenFor(publicGateway.url, postgres.databaseUrl, { type: 'SERVICE', audience: 'internal' });
      const internalRead = () =>
        send(
          internalGateway.url,
          { method: 'GET', path: `/organizations/${org.organizationId}`, headers: { authorization: `Bearer ${internalToken}` } },
          10_000,
        );
      tally.check((await internalRead()).status === 200, 'the internal gateway did not answer before the outage');
      const pendingBefore = await pending(postgres.db, org, org.barcodes[0]);
      // A client the public gateway has minted for is held in its memory (TokenStateView): the outage must still stop its tokens.
      const minter = await createTestClient(postgres.databaseUrl, { type: 'SERVICE' });
      const mint = () =>
        send(
          publicGateway.url,
          {
            method: 'POST',
            path: '/oauth2/token',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ grant_type: 'client_credentials', client_id: minter.clientId, client_secret: minter.clientSecret }).toString(),
          },
          10_000,
        );
      tally.check((await mint()).status === 200, 'the public gateway minted no token before the outage');

      streams = new OrderStreams(() => publicGateway.url, org, token, 4);
      await sleep(1500);
      const stoppedAt = Date.now();
      await postgres.stop();
      await sleep(2000);
      // While it is down: readiness fails, and every answer is a 503 problem with Retry-After, in time.
      for (const gateway of gateways) {
        const ready = await send(gateway.url, { method: 'GET', path: '/health/ready' });
        tally.check(ready.status === 503, `${gateway.name} /health/ready answered ${ready.status} with the database down`);
      }
      const mintDown = await mint();
      tally.check(
        mintDown.status === 503 && mintDown.ms <= 5000 && Number(mintDown.headers['retry-after']) > 0,
        `a client held in memory was answered ${mintDown.status} in ${mintDown.ms} ms with the database down`,
      );
      const internalDown = await internalRead();
      tally.check(
        internalDown.status === 503 && internalDown.ms <= 5000 && problemBodyError(internalDown) === undefined,
        `the internal gateway answered ${internalDown.status} in ${internalDown.ms} ms`,
      );
      await sleep(3000);
      const duringOutage = streams.sent.filter((s) => s.startedAt > stoppedAt + 200 && s.res);
      tally.check(duringOutage.length > 0, 'no request was answered during the outage');
      for (const entry of duringOutage) {
        const res = entry.res!;
        tally.check(
          res.status === 503 && res.ms <= 5000 && problemBodyError(res) === undefined && Number(res.headers['retry-after']) > 0,
          `during the outage: ${res.status} in ${res.ms} ms ${res.text.slice(0, 120)}`,
        );
      }
      tally.check(
        streams.sent.every((s) => s.res || s.startedAt > Date.now() - 10_000),
        'a request got no answer at all',
      );

      await postgres.start();
      const restartedAt = Date.now();
      for (const gateway of gateways)
        await waitUntilReady(gateway, 30_000).then(
          () => tally.record(),
          (e: Error) => tally.record(e.message),
        );
      await sleep(1500);
      await streams.stop();
      const afterRecovery = streams.sent.filter((s) => s.startedAt > restartedAt && s.res?.status === 201);
      tally.check(afterRecovery.length > 0, 'no order was created after the database came back');
      tally.check((await internalRead()).status === 200, 'the internal gateway did not recover');

      await checkNothingLostOrDoubled(tally, postgres.db, publicGateway.url, token, org, streams.sent, pendingBefore);
      expect(tally.failures.slice(0, 20)).toEqual([]);
    } finally {
      await streams?.stop();
      await Promise.all(gateways.map((g) => g.stop('SIGKILL')));
      await postgres.destroy();
    }
  });

  it('finishes the requests in flight when it gets SIGTERM under load, then exits 0', async () => {
    const database = await createTestDatabase();
    let gateway: GatewayProcess | undefined;
    let unlock: (() => void) | undefined;
    try {
      const org = await seedOrganization(database.db);
      const units = Array.from({ length: 3000 }, (_, i) => ({
        organizationId: org.organizationId,
        barcode: `SIGTERM-${String(i).padStart(5, '0')}`,
        sku: `S-${i}`,
        name: `Unit ${i}`,
      }));
      await importFixture(database.db, {
        retailUnits: units,
        inventory: units.map((u, i) => ({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode: u.barcode, onHand: i })),
      });
      // Room in the pool for the reads beside the orders held below, and no statement timeout while they are held.
      const env = { ...RELAXED_LIMITS, DATABASE_POOL_MAX: '20', DATABASE_STATEMENT_TIMEOUT_MS: '60000' };
      gateway = await startGateway('public-gateway', { databaseUrl: database.url, env });
      const token = await tokenFor(gateway.url, database.url, { type: 'SERVICE' });
      const read = { method: 'GET', path: `/v0/organizations/${org.organizationId}/inventory`, headers: { authorization: `Bearer ${token}` } };
      // The orders' retail units are locked, so that every order is provably being served (waiting on the lock
      // inside its transaction) when the SIGTERM arrives.
      const locked = new Promise<void>((resolve, reject) => {
        void database.db
          .transaction(async (tx) => {
            await tx.query('SELECT 1 FROM retail_units WHERE organization_id = $1 AND barcode = ANY($2::text[]) FOR UPDATE', [
              org.organizationId,
              org.barcodes.slice(0, 2),
            ]);
            resolve();
            await new Promise<void>((r) => (unlock = r));
          })
          .catch(reject);
      });
      await locked;
      let readsAnswering = 0;
      const inFlight = [
        ...Array.from({ length: 40 }, () => send(gateway!.url, read, 30_000, () => readsAnswering++)),
        ...Array.from({ length: 10 }, (_, i) => send(gateway!.url, orderRequest(org, token, `sigterm-${i}-${Date.now()}`), 30_000)),
      ].map((p) =>
        p.then(
          (res) => ({ res, at: Date.now() }),
          (error: Error) => ({ error: error.message, at: Date.now() }),
        ),
      );
      // In flight: every read has begun its answer (the inventory streams in pages) and every order waits on the lock.
      const ordersWaiting = async () =>
        Number(
          (await database.db.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"))
            .rows[0].n,
        );
      const deadline = Date.now() + 60_000;
      while (readsAnswering < 40 || (await ordersWaiting()) < 10) {
        if (Date.now() > deadline) throw new Error(`not all in flight after 60 s: ${readsAnswering} reads answering, ${await ordersWaiting()} orders waiting`);
        await sleep(20);
      }
      gateway.child.kill('SIGTERM');
      // The lock goes once the gateway drains (its answers then say Connection: close, or it no longer accepts), so the
      // orders finish after the signal.
      const probe = { method: 'GET', path: '/health/live', headers: { connection: 'keep-alive' } };
      const draining = () =>
        send(gateway!.url, probe, 5000).then(
          (res) => res.headers.connection === 'close',
          () => true,
        );
      while (!(await draining())) await sleep(20);
      unlock?.();
      const results = await Promise.all(inFlight);
      const exit = await gateway.exited;
      const exitedAt = Date.now();
      for (const result of results) {
        if ('error' in result) {
          tally.record(`an in-flight request failed: ${result.error}`);
          continue;
        }
        const { res } = result;
        const whole = res.status === 201 || (res.status === 200 && (JSON.parse(res.text) as { items: { items: unknown[] }[] }).items[0]?.items.length === 3002);
        tally.check(whole, `an in-flight request answered ${res.status} with ${res.text.length} bytes`);
      }
      tally.check(exit.code === 0, `the gateway exited with ${exit.code ?? exit.signal}`);
      tally.check(
        results.every((r) => r.at <= exitedAt),
        'an answer arrived after the process had exited',
      );
      const after = await send(gateway.url, read, 2000).then(
        (r) => `answered ${r.status}`,
        () => 'refused',
      );
      tally.check(after === 'refused', `a request after the exit was ${after}`);
      expect(tally.failures).toEqual([]);
    } finally {
      unlock?.();
      await gateway?.stop('SIGKILL');
      await database.drop();
    }
  });

  it('on SIGTERM answers readiness 503 while it still serves the API and liveness, for SHUTDOWN_DELAY_MS, then stops listening', async () => {
    const database = await createTestDatabase();
    let gateway: GatewayProcess | undefined;
    try {
      const delayMs = 3000;
      gateway = await startGateway('public-gateway', { databaseUrl: database.url, env: { ...RELAXED_LIMITS, SHUTDOWN_DELAY_MS: String(delayMs) } });
      const token = await tokenFor(gateway.url, database.url, { type: 'SERVICE' });
      const whoami = { method: 'GET', path: '/v0/whoami', headers: { authorization: `Bearer ${token}` } };
      const answerOf = (req: RawRequest) =>
        send(gateway!.url, req).then(
          (res) => res,
          () => undefined,
        );
      const signalledAt = Date.now();
      gateway.child.kill('SIGTERM');
      // Not ready once the process has handled the signal, with the check named. The signal reaches its event loop
      // as one more event: a readiness request read before it is still answered 200. Asked until it answers
      // otherwise, or nothing: it must turn 503 while the process still listens, whatever time that takes.
      let ready: RawResponse | undefined;
      do ready = await answerOf({ method: 'GET', path: '/health/ready' });
      while (ready?.status === 200);
      tally.check(ready?.status === 503, `readiness answered ${ready?.status ?? 'nothing: the gateway had stopped listening'} after SIGTERM`);
      tally.check(ready?.headers['retry-after'] === '5', `readiness 503 without Retry-After 5: ${String(ready?.headers['retry-after'])}`);
      const body = JSON.parse(ready?.text ?? '{}') as Record<string, unknown>;
      tally.check(
        body.detail === 'Not ready: this process is shutting down.' && JSON.stringify(body.checks) === '{"shutdown":"down"}',
        `readiness body ${ready?.text}`,
      );
      // Once not ready, still serving the API, every answer closing its connection, and liveness up, until it stops
      // listening: not before the delay.
      const served = { whoami: 0, live: 0 };
      // How long it may keep listening before the test reports that it never stopped (not a bound on the delay).
      const giveUpAt = signalledAt + 60_000;
      for (;;) {
        if (Date.now() > giveUpAt) {
          tally.record('the gateway still listened 60 s after SIGTERM');
          break;
        }
        const res = await answerOf(whoami);
        if (!res) break;
        tally.check(
          res.status === 200 && res.headers.connection === 'close',
          `while not ready whoami answered ${res.status}, Connection: ${String(res.headers.connection)}`,
        );
        served.whoami += 1;
        const live = await answerOf({ method: 'GET', path: '/health/live' });
        if (!live) break;
        tally.check(live.status === 200, `liveness answered ${live.status} while not ready`);
        served.live += 1;
        await sleep(100);
      }
      const stoppedAt = Date.now();
      tally.check(served.whoami > 0 && served.live > 0, `nothing was served once readiness answered 503 (whoami ${served.whoami}, liveness ${served.live})`);
      tally.check(stoppedAt - signalledAt >= delayMs, `the gateway stopped listening ${stoppedAt - signalledAt} ms after SIGTERM, before its delay`);
      const exit = await gateway.exited;
      tally.check(exit.code === 0, `the gateway exited with ${exit.code ?? exit.signal}`);
      const after = await send(gateway.url, whoami, 2000).then(
        (r) => `answered ${r.status}`,
        () => 'refused',
      );
      tally.check(after === 'refused', `a request after the exit was ${after}`);
      expect(tally.failures).toEqual([]);
    } finally {
      await gateway?.stop('SIGKILL');
      await database.drop();
    }
  });

  it('loses no answered order and doubles none when the gateway is killed (SIGKILL) during creations', async () => {
    const database = await createTestDatabase();
    let gateway: GatewayProcess | undefined;
    try {
      const org = await seedOrganization(database.db);
      gateway = await startGateway('public-gateway', { databaseUrl: database.url, env: RELAXED_LIMITS });
      const token = await tokenFor(gateway.url, database.url, { type: 'SERVICE' });
      const pendingBefore = await pending(database.db, org, org.barcodes[0]);
      const streams = new OrderStreams(() => gateway!.url, org, token, 6);
      while (streams.answered(201).length < 30) await sleep(10);
      gateway.child.kill('SIGKILL');
      await gateway.exited;
      await sleep(300);
      await streams.stop();
      // Restarted at the same URL, it is the same issuer: the token stays valid.
      gateway = await startGateway('public-gateway', { databaseUrl: database.url, port: gateway.port, env: RELAXED_LIMITS });
      await checkNothingLostOrDoubled(tally, database.db, gateway.url, token, org, streams.sent, pendingBefore);
      expect(tally.failures.slice(0, 20)).toEqual([]);
    } finally {
      await gateway?.stop('SIGKILL');
      await database.drop();
    }
  });
});
