// The named calls of sales-orders.ts against a scripted gateway (a fetch stub): what each sends, the
// Idempotency-Key of a cancel (given or made, the same on a retry), and the catalogue's pages followed.
import { ProblemError, createPublicClient, retailUnits, salesOrders } from './index';

const ORGANIZATION = '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01';
const ORDER = '3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f';
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

const order = { id: ORDER, status: 'CANCELLED', fulfilmentStatus: 'CANCELLED' };

describe('salesOrders and retailUnits', () => {
  it('cancel: POSTs the reason with a new Idempotency-Key, and retries a 503 with the same key', async () => {
    const { api, seen } = scripted([
      () => new Response(JSON.stringify({ type: '/problems/service-unavailable', status: 503 }), { status: 503, headers: { 'retry-after': '1' } }),
      () => Response.json(order),
    ]);
    expect(await salesOrders(api, ORGANIZATION, 'store-1').cancel(ORDER, { reason: 'mistake' })).toEqual(order);
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', `${BASE}/stores/store-1/sales-orders/${ORDER}/cancel`, '{"reason":"mistake"}'],
      ['POST', `${BASE}/stores/store-1/sales-orders/${ORDER}/cancel`, '{"reason":"mistake"}'],
    ]);
    expect(seen[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1].idempotencyKey).toBe(seen[0].idempotencyKey);
  });

  it('cancel: sends the key given and an empty body without a reason; a 409 is a ProblemError', async () => {
    const { api, seen } = scripted([
      () =>
        new Response(JSON.stringify({ type: '/problems/sales-order-not-cancellable', title: 'Conflict', status: 409, detail: 'SHIPPED' }), {
          status: 409,
          headers: { 'content-type': 'application/problem+json' },
        }),
    ]);
    const error = await salesOrders(api, ORGANIZATION, 'store-1')
      .cancel(ORDER, { idempotencyKey: 'cancel-1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProblemError);
    expect([(error as ProblemError).status, (error as ProblemError).type]).toEqual([409, '/problems/sales-order-not-cancellable']);
    expect(seen.map((s) => [s.idempotencyKey, s.body])).toEqual([['cancel-1', '{}']]);
  });

  it('updateShippingAddress PATCHes the address; get reads the order', async () => {
    const address = { line1: 'Storgatan 12', city: 'Stockholm', countryCode: 'SE' as const };
    const { api, seen } = scripted([() => Response.json({ ...order, shippingAddress: address }), () => Response.json(order)]);
    const orders = salesOrders(api, ORGANIZATION, 'store-1');
    expect((await orders.updateShippingAddress(ORDER, address)).shippingAddress).toEqual(address);
    await orders.get(ORDER);
    expect(seen.map((s) => [s.method, s.url, s.body, s.idempotencyKey])).toEqual([
      ['PATCH', `${BASE}/stores/store-1/sales-orders/${ORDER}`, JSON.stringify({ shippingAddress: address }), null],
      ['GET', `${BASE}/stores/store-1/sales-orders/${ORDER}`, '', null],
    ]);
  });

  it('retailUnits follows nextCursor with the same filters', async () => {
    const unit = (barcode: string) => ({ barcode, sku: 'S', name: 'N', archived: false });
    const { api, seen } = scripted([
      () => Response.json({ items: [unit('A')], nextCursor: 'c1' }),
      () => Response.json({ items: [unit('B')], nextCursor: null }),
    ]);
    const barcodes: string[] = [];
    for await (const u of retailUnits(api, ORGANIZATION, { sku: 'S', limit: 1 })) barcodes.push(u.barcode);
    expect(barcodes).toEqual(['A', 'B']);
    expect(seen.map((s) => s.url)).toEqual([`${BASE}/retail-units?sku=S&limit=1`, `${BASE}/retail-units?sku=S&limit=1&cursor=c1`]);
  });
});
