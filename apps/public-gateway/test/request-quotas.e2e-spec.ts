// Request quotas on the public gateway (contract section 7): every request with a verified bearer token
// counts against its client's quota, whatever it answers; its answers say where the client stands
// (RateLimit-Policy, RateLimit); past the quota a 429 problem with Retry-After. Two organizations side by
// side: one client's quota used up leaves another organization's client untouched. Two replicas on one
// database share the one counter.
import request from 'supertest';
import { SeededOrganization, seedOrganization } from '@gateway/testing';
import { mintToken } from './support/caller-tokens';
import { RunningGateway, startPublicGateway, usePublicGateway } from './support/start-public-gateway';

const LIMIT = 5;
const RATE_LIMIT = /^"default";r=(\d+);t=(\d+)$/;

/** r and t of an answer's RateLimit field (which must be there, well-formed). */
function rateLimit(res: request.Response): { r: number; t: number } {
  const match = RATE_LIMIT.exec(String(res.headers['ratelimit']));
  if (!match) throw new Error(`no well-formed RateLimit field: ${res.status} ${JSON.stringify(res.headers)}`);
  return { r: Number(match[1]), t: Number(match[2]) };
}

describe('request quotas (public gateway)', () => {
  const { database, gateway } = usePublicGateway({ API_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  let own: SeededOrganization;
  let other: SeededOrganization;

  const get = (target: RunningGateway, path: string, token: string) => request(target.app.getHttpServer()).get(path).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    own = await seedOrganization(database.db);
    other = await seedOrganization(database.db, { warehouseId: own.warehouseId });
  });

  it('counts every verified request, 2xx or not, answers the one past the quota with 429 and Retry-After, and leaves another organization alone', async () => {
    const ownToken = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: own.organizationId });
    const otherToken = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: other.organizationId });

    const answers = [
      await get(gateway, `/v0/organizations/${own.organizationId}/inventory`, ownToken),
      await get(gateway, '/v0/whoami', ownToken),
      await get(gateway, `/v0/organizations/${own.organizationId}/invoices`, ownToken),
      // Failing after the token was verified still counts: 404, then 400.
      await get(gateway, `/v0/organizations/${own.organizationId}/invoices/no-such-invoice`, ownToken),
      await get(gateway, '/v0/organizations/not-a-uuid/inventory', ownToken),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 404, 400]);
    for (const res of answers) expect(res.headers['ratelimit-policy']).toBe(`"default";q=${LIMIT};w=60`);
    const fields = answers.map(rateLimit);
    expect(fields.map((f) => f.r)).toEqual([4, 3, 2, 1, 0]);
    for (const { t } of fields) expect(t >= 1 && t <= 60).toBe(true);

    const refused = await get(gateway, '/v0/whoami', ownToken);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body).toEqual({
      type: '/problems/rate-limited',
      title: 'Too Many Requests',
      status: 429,
      detail: `This client has made its ${LIMIT} requests of the current 60-second window; retry after the seconds in Retry-After.`,
    });
    expect(refused.headers['ratelimit-policy']).toBe(`"default";q=${LIMIT};w=60`);
    const { r, t } = rateLimit(refused);
    expect(r).toBe(0);
    expect(refused.headers['retry-after']).toBe(String(t));
    // Refused before its body is read or its operation runs: a sales order past the quota is not created either.
    const order = await request(gateway.app.getHttpServer())
      .post(`/v0/organizations/${own.organizationId}/stores/${own.storeId}/sales-orders`)
      .set('Authorization', `Bearer ${ownToken}`)
      .send({});
    expect(order.status).toBe(429);

    // Another organization's client, same gateway, same moment: its own quota, untouched.
    const otherAnswer = await get(gateway, `/v0/organizations/${other.organizationId}/inventory`, otherToken);
    expect(otherAnswer.status).toBe(200);
    expect(rateLimit(otherAnswer).r).toBe(LIMIT - 1);

    // Nothing is counted without a verified token, and the token endpoint has its own limits.
    const unverified = await get(gateway, '/v0/whoami', 'not-a-token');
    expect(unverified.status).toBe(401);
    expect(unverified.headers['ratelimit']).toBeUndefined();
    expect(unverified.headers['ratelimit-policy']).toBeUndefined();
    const token = await request(gateway.app.getHttpServer())
      .post('/oauth2/token')
      .type('form')
      .send(new URLSearchParams({ grant_type: 'client_credentials', client_id: 'cl_unknown', client_secret: 'guess' }).toString());
    expect(token.status).toBe(401);
    expect(token.headers['ratelimit']).toBeUndefined();
  });

  it('holds across two replicas on one database: together they let exactly the quota through, then both refuse', async () => {
    const quota = 40;
    // Two app instances in this process, each with its own allowance, leasing from the one counter.
    const first = await startPublicGateway(database.url, { API_RATE_LIMIT_PER_MINUTE: String(quota), PUBLIC_BASE_URL: gateway.url });
    const second = await startPublicGateway(database.url, { API_RATE_LIMIT_PER_MINUTE: String(quota), PUBLIC_BASE_URL: gateway.url });
    try {
      const token = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: own.organizationId });
      const statuses: number[] = [];
      const refusedBy = new Set<RunningGateway>();
      // Bursts of concurrent requests on both until each has refused one: units leased by either are spent.
      for (let round = 0; refusedBy.size < 2 && round < 20; round++) {
        const burst = await Promise.all(
          [first, second].flatMap((replica) => Array.from({ length: 6 }, async () => ({ replica, res: await get(replica, '/v0/whoami', token) }))),
        );
        for (const { replica, res } of burst) {
          statuses.push(res.status);
          if (res.status === 429) refusedBy.add(replica);
          expect([200, 429]).toContain(res.status);
        }
      }
      expect(refusedBy.size).toBe(2);
      expect(statuses.filter((s) => s === 200).length).toBe(quota);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
