// Area "replicas": two processes of each gateway on one database behave as one: rate limits and request
// quotas are shared, an Idempotency-Key creates one order whichever replica answers, and each background
// job runs once.
import { randomUUID } from 'node:crypto';
import { SeededOrganization, TestClient, TestDatabase, createTestClient, createTestDatabase, seedOrganization } from '@gateway/testing';
import { AreaTally } from './support/area-report';
import { GatewayProcess, startGateway } from './support/gateway-process';
import { RawResponse, send } from './support/http';
import { orderRequest } from './support/order-stream';
import { tokenFor } from './support/world';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LIMITS = { TOKEN_RATE_LIMIT_PER_MINUTE: '10', FAILED_AUTH_LIMIT_PER_CLIENT: '5', FAILED_AUTH_LIMIT_PER_ADDRESS: '1000' };

describe('replicas', () => {
  const tally = new AreaTally('replicas');
  let database: TestDatabase;
  let org: SeededOrganization;
  let publics: GatewayProcess[];
  let internals: GatewayProcess[];

  beforeAll(async () => {
    database = await createTestDatabase();
    org = await seedOrganization(database.db);
    const first = await startGateway('public-gateway', { databaseUrl: database.url, env: LIMITS });
    // Every replica is the same issuer: the first one's URL.
    publics = [first, await startGateway('public-gateway', { databaseUrl: database.url, issuer: first.url, env: LIMITS })];
    internals = await Promise.all(
      [0, 1].map(() => startGateway('internal-gateway', { databaseUrl: database.url, issuer: first.url, env: { JOB_POLLING_INTERVAL_SECONDS: '0.5' } })),
    );
  });

  afterAll(async () => {
    await Promise.all([...(internals ?? []), ...(publics ?? [])].map((g) => g.stop()));
    await database?.drop();
  });

  afterEach(() => tally.flush());

  const mint = (replica: number, client: TestClient, secret = client.clientSecret) =>
    send(publics[replica % 2].url, {
      method: 'POST',
      path: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: secret }).toString(),
    });

  it('shares the token rate limits between replicas', async () => {
    const greedy = await createTestClient(database.url, { type: 'SERVICE' });
    const minted: number[] = [];
    for (let i = 0; i < 12; i += 1) minted.push((await mint(i, greedy)).status);
    tally.check(minted.join() === [...Array(10).fill(200), 429, 429].join(), `12 tokens alternating replicas answered ${minted.join()}`);
    const victim = await createTestClient(database.url, { type: 'SERVICE' });
    const guesses: number[] = [];
    for (let i = 0; i < 7; i += 1) guesses.push((await mint(i, victim, `guess-${i}`)).status);
    tally.check(guesses.join() === [401, 401, 401, 401, 401, 429, 429].join(), `7 wrong secrets alternating replicas answered ${guesses.join()}`);
    expect(tally.failures).toEqual([]);
  });

  it('holds a request quota across two gateway processes: together they let exactly the quota through, then both refuse', async () => {
    const quota = 30;
    const env = { ...LIMITS, API_RATE_LIMIT_PER_MINUTE: String(quota) };
    const quotaReplicas = await Promise.all([0, 1].map(() => startGateway('public-gateway', { databaseUrl: database.url, issuer: publics[0].url, env })));
    try {
      const token = await tokenFor(publics[0].url, database.url, { type: 'SERVICE' });
      const statuses: number[] = [];
      const refusedBy = new Set<number>();
      // Concurrent bursts on both processes until each has refused: the units either leased are spent.
      for (let round = 0; refusedBy.size < 2 && round < 20; round++) {
        const burst = await Promise.all(
          Array.from({ length: 12 }, async (_, i) => ({
            replica: i % 2,
            res: await send(quotaReplicas[i % 2].url, { method: 'GET', path: '/v0/whoami', headers: { authorization: `Bearer ${token}` } }),
          })),
        );
        for (const { replica, res } of burst) {
          statuses.push(res.status);
          if (res.status === 429) refusedBy.add(replica);
        }
      }
      const admitted = statuses.filter((s) => s === 200).length;
      tally.check(refusedBy.size === 2, `only replicas [${[...refusedBy].join()}] refused after ${statuses.length} requests`);
      tally.check(
        statuses.every((s) => s === 200 || s === 429),
        `answers other than 200 and 429: ${statuses.filter((s) => s !== 200 && s !== 429).join()}`,
      );
      tally.check(admitted === quota, `two processes let ${admitted} requests through a quota of ${quota}`);
      expect(tally.failures).toEqual([]);
    } finally {
      await Promise.all(quotaReplicas.map((g) => g.stop()));
    }
  });

  it('creates one order for 50 concurrent requests with one Idempotency-Key on two replicas', async () => {
    const token = await tokenFor(publics[0].url, database.url, { type: 'SERVICE' });
    const key = `replicas-${randomUUID()}`;
    const answers: RawResponse[] = await Promise.all(Array.from({ length: 50 }, (_, i) => send(publics[i % 2].url, orderRequest(org, token, key))));
    const created = answers.filter((a) => a.status === 201).map((a) => (JSON.parse(a.text) as { id: string }).id);
    for (const answer of answers) tally.check(answer.status === 201 || answer.status === 409, `an answer was ${answer.status} ${answer.text.slice(0, 120)}`);
    tally.check(created.length >= 1 && new Set(created).size === 1, `the 201 answers carry ${new Set(created).size} different orders`);
    for (const replica of [0, 1]) {
      const replay = await send(publics[replica].url, orderRequest(org, token, key));
      tally.check(replay.status === 201 && (JSON.parse(replay.text) as { id: string }).id === created[0], `replica ${replica} replayed ${replay.status}`);
    }
    const { rows } = await database.db.query<{ count: number }>('SELECT count(*)::int AS count FROM sales_orders WHERE order_reference = $1', [key]);
    tally.check(rows[0].count === 1, `${rows[0].count} orders exist for the key`);
    expect(tally.failures).toEqual([]);
  });

  it('runs each clarification job once, whichever replica took the request, and repairs the levels', async () => {
    const token = await tokenFor(publics[0].url, database.url, { type: 'SERVICE', audience: 'internal' });
    const level = () =>
      database.db.query<{ on_hand: number }>('SELECT on_hand FROM inventory_levels WHERE organization_id = $1 AND barcode = $2', [
        org.organizationId,
        org.barcodes[0],
      ]);
    const truth = (await level()).rows[0].on_hand;
    await database.db.query('UPDATE inventory_levels SET on_hand = on_hand + 1000 WHERE organization_id = $1 AND barcode = $2', [
      org.organizationId,
      org.barcodes[0],
    ]);
    const requests = 10;
    const initiator = `replicas-${randomUUID()}`;
    const acknowledged = await Promise.all(
      Array.from({ length: requests }, (_, i) =>
        send(internals[i % 2].url, {
          method: 'POST',
          path: '/internal-tools/clarify-inventory-levels',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ organizationId: org.organizationId, initiator, barcodes: [org.barcodes[0]] }),
        }),
      ),
    );
    for (const answer of acknowledged)
      tally.check(
        answer.status === 202 && JSON.parse(answer.text).outcome === 'ACKNOWLEDGED',
        `clarify answered ${answer.status} ${answer.text.slice(0, 120)}`,
      );
    const deadline = Date.now() + 30_000;
    let completed: { id: string }[] = [];
    while (Date.now() < deadline) {
      completed = (
        await database.db.query<{ id: string }>('SELECT id FROM inventory_clarifications WHERE initiator = $1 AND completed_at IS NOT NULL', [initiator])
      ).rows;
      if (completed.length === requests) break;
      await sleep(200);
    }
    tally.check(completed.length === requests, `${completed.length} of ${requests} clarifications completed`);
    const runs = await database.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM domain_events WHERE type = 'InventoryClarificationCompleted' AND aggregate_id = ANY($1::text[])",
      [completed.map((c) => c.id)],
    );
    tally.check(runs.rows[0].count === completed.length, `${runs.rows[0].count} completions recorded for ${completed.length} clarifications`);
    tally.check((await level()).rows[0].on_hand === truth, `the corrupted level reads ${(await level()).rows[0].on_hand}, not ${truth}`);
    expect(tally.failures).toEqual([]);
  });
});
