// Request quotas on the internal gateway (contract section 7): a staff tool's client counts its requests
// as an integrator's does, with the same fields and the same 429; another client keeps its own quota.
import request from 'supertest';
import { createTestToken } from '@gateway/testing';
import { as, useInternalGateway } from './support/start-internal-gateway';

const LIMIT = 3;

describe('internal gateway: request quotas', () => {
  const { database, gateway } = useInternalGateway({ API_RATE_LIMIT_PER_MINUTE: String(LIMIT) });

  it('counts every verified request, answers the one past the quota with 429 and Retry-After, and leaves another client alone', async () => {
    const { accessToken } = await createTestToken(gateway.issuer, database.url, { type: 'SERVICE', audience: 'internal' });
    const api = as(gateway, accessToken);
    const answers: request.Response[] = [];
    for (let i = 0; i < LIMIT; i++) answers.push(await api.get('/internal-tools/release-channel-features'));
    expect(answers.map((res) => [res.status, res.headers['ratelimit-policy'], String(res.headers['ratelimit']).replace(/;t=\d+$/, '')])).toEqual([
      [200, `"default";q=${LIMIT};w=60`, '"default";r=2'],
      [200, `"default";q=${LIMIT};w=60`, '"default";r=1'],
      [200, `"default";q=${LIMIT};w=60`, '"default";r=0'],
    ]);

    const refused = await api.get('/internal-tools/release-channel-features');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      type: '/problems/rate-limited',
      title: 'Too Many Requests',
      status: 429,
      detail: `This client has made its ${LIMIT} requests of the current 60-second window; retry after the seconds in Retry-After.`,
    });
    const t = /^"default";r=0;t=(\d+)$/.exec(String(refused.headers['ratelimit']))?.[1];
    expect(refused.headers['retry-after']).toBe(t);
    expect(Number(t) >= 1 && Number(t) <= 60).toBe(true);

    // The gateway's own client (another SERVICE client) is not held back.
    const other = await gateway.get('/internal-tools/release-channel-features');
    expect(other.status).toBe(200);
    expect(other.headers['ratelimit']).toMatch(new RegExp(`^"default";r=${LIMIT - 1};t=\\d+$`));
  });
});
