// The named calls of returns.ts against a scripted gateway (a fetch stub): what each sends, the
// Idempotency-Key of a create (made, the same on a retry), the pages of the organization's list followed.
import { ProblemError, createPublicClient, returns } from './index';

const ORGANIZATION = '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01';
const ORDER = '3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f';
const RETURN = '5b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a4b';
const BASE = `http://gateway.invalid/v0/organizations/${ORGANIZATION}`;

function scripted(answers: ((request: Request) => Response)[]) {
  const seen: { method: string; url: string; idempotencyKey: string | null; body: string }[] = [];
  const fetchStub = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url.endsWith('/oauth2/token')) return Response.json({ access_token: 't', token_type: 'bearer', expires_in: 900 });
    seen.push({ method: request.method, url: request.url, idempotencyKey: request.headers.get('idempotency-key'), body: await request.text() });
    return answers[seen.length - 1](request);
  }) as typeof fetch;
  const api = createPublicClient({
    baseUrl: 'http://gateway.invalid',
    clientId: 'cl_a',
    clientSecret: 's',
    fetch: fetchStub,
    retry: { sleep: async () => undefined },
  });
  return { api, seen };
}

const announced = { id: RETURN, status: 'AWAITING_ARRIVAL' };

describe('returns', () => {
  it('create: POSTs the body with a new Idempotency-Key, and retries a 503 with the same key', async () => {
    const { api, seen } = scripted([
      () => new Response(JSON.stringify({ type: '/problems/service-unavailable', status: 503 }), { status: 503, headers: { 'retry-after': '1' } }),
      () => Response.json(announced, { status: 201 }),
    ]);
    const body = { reason: 'DAMAGED' as const, lines: [{ barcode: '8710000000011', quantity: 1 }] };
    expect(await returns(api, ORGANIZATION).create('store-1', ORDER, body)).toEqual(announced);
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', `${BASE}/stores/store-1/sales-orders/${ORDER}/returns`, JSON.stringify(body)],
      ['POST', `${BASE}/stores/store-1/sales-orders/${ORDER}/returns`, JSON.stringify(body)],
    ]);
    expect(seen[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1].idempotencyKey).toBe(seen[0].idempotencyKey);
  });

  it('create: a 409 is a ProblemError with its type; cancel POSTs an empty body', async () => {
    const { api, seen } = scripted([
      () =>
        new Response(JSON.stringify({ type: '/problems/return-quantity-exceeded', title: 'Conflict', status: 409, detail: 'more' }), {
          status: 409,
          headers: { 'content-type': 'application/problem+json' },
        }),
      () => Response.json({ ...announced, status: 'CANCELLED' }),
    ]);
    const error = await returns(api, ORGANIZATION)
      .create('store-1', ORDER, { reason: 'OTHER', lines: [{ barcode: 'B', quantity: 9 }] }, { idempotencyKey: 'rma-1' })
      .catch((e: unknown) => e);
    expect([(error as ProblemError).status, (error as ProblemError).type]).toEqual([409, '/problems/return-quantity-exceeded']);
    expect((await returns(api, ORGANIZATION).cancel(RETURN)).status).toBe('CANCELLED');
    expect(seen.map((s) => [s.method, s.url, s.idempotencyKey, s.body])).toEqual([
      ['POST', `${BASE}/stores/store-1/sales-orders/${ORDER}/returns`, 'rma-1', '{"reason":"OTHER","lines":[{"barcode":"B","quantity":9}]}'],
      ['POST', `${BASE}/returns/${RETURN}/cancel`, null, '{}'],
    ]);
  });

  it("reads one, an order's, and the organization's page after page with the same filters", async () => {
    const { api, seen } = scripted([
      () => Response.json(announced),
      () => Response.json({ items: [announced] }),
      () => Response.json({ items: [announced], nextCursor: 'c1' }),
      () => Response.json({ items: [{ ...announced, id: 'second' }], nextCursor: null }),
    ]);
    const returned = returns(api, ORGANIZATION);
    expect(await returned.get(RETURN)).toEqual(announced);
    expect(await returned.ofSalesOrder('store-1', ORDER)).toEqual([announced]);
    const ids: string[] = [];
    for await (const item of returned.list({ status: 'AWAITING_ARRIVAL' })) ids.push(item.id);
    expect(ids).toEqual([RETURN, 'second']);
    expect(seen.map((s) => s.url)).toEqual([
      `${BASE}/returns/${RETURN}`,
      `${BASE}/stores/store-1/sales-orders/${ORDER}/returns`,
      `${BASE}/returns?status=AWAITING_ARRIVAL`,
      `${BASE}/returns?status=AWAITING_ARRIVAL&cursor=c1`,
    ]);
  });
});
