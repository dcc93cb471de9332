// The client against a scripted gateway (a fetch stub): tokens, Idempotency-Keys on exactly the POSTs
// that take one, retries of 429 and 503 after Retry-After within their bound, paging and problem errors.
import { ProblemError, createPublicClient, paginate, retryAfterSeconds, unwrap } from './index';

interface Seen {
  method: string;
  url: string;
  authorization: string | null;
  idempotencyKey: string | null;
  body: string;
}

function gateway(answer: (request: Request, seen: Seen[]) => Response) {
  const seen: Seen[] = [];
  const fetchStub = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const entry = {
      method: request.method,
      url: request.url,
      authorization: request.headers.get('authorization'),
      idempotencyKey: request.headers.get('idempotency-key'),
      body: await request.text(),
    };
    seen.push(entry);
    if (request.url.endsWith('/oauth2/token'))
      return Response.json({ access_token: `token-${seen.filter((s) => s.url.endsWith('/oauth2/token')).length}`, token_type: 'bearer', expires_in: 900 });
    return answer(request, seen);
  }) as typeof fetch;
  return { seen, fetchStub };
}

const problem = (status: number, type: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ type, title: 'T', status, detail: `detail ${status}` }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });
const ORDERS = '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders' as const;
const order = { orderReference: 'r-1', customer: { firstName: 'Anna' }, lineItems: [{ sku: 'S', quantity: 1 }] };
const path = { organizationId: '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01', storeId: 'store-nordic-web' };

describe('the public client', () => {
  const waits: number[] = [];
  const options = (fetchStub: typeof fetch, retry = {}) => ({
    baseUrl: 'http://gateway.invalid/',
    clientId: 'cl_a',
    clientSecret: 's',
    fetch: fetchStub,
    retry: { sleep: async (ms: number) => void waits.push(ms), ...retry },
  });
  beforeEach(() => (waits.length = 0));

  it('sends one token to every call, minted once', async () => {
    const { seen, fetchStub } = gateway(() => Response.json({ clientType: 'SERVICE', clientId: 'cl_a' }));
    const api = createPublicClient(options(fetchStub));
    await unwrap(api.GET('/v0/whoami'));
    await unwrap(api.GET('/v0/whoami'));
    expect(seen.map((s) => [s.method, s.url, s.authorization])).toEqual([
      ['POST', 'http://gateway.invalid/oauth2/token', null],
      ['GET', 'http://gateway.invalid/v0/whoami', 'Bearer token-1'],
      ['GET', 'http://gateway.invalid/v0/whoami', 'Bearer token-1'],
    ]);
  });

  it("puts an Idempotency-Key on a POST that takes one, keeps the caller's, and sends none where the operation takes none", async () => {
    const { seen, fetchStub } = gateway(() => new Response(JSON.stringify({}), { status: 201, headers: { 'content-type': 'application/json' } }));
    const api = createPublicClient(options(fetchStub));
    await api.POST(ORDERS, { params: { path }, body: order });
    await api.POST(ORDERS, { params: { path, header: { 'Idempotency-Key': 'order-r-1' } }, body: order });
    await api.POST('/v0/organizations/{organizationId}/webhook-endpoints', {
      params: { path: { organizationId: path.organizationId } },
      body: { url: 'https://receiver.invalid/hook', eventTypes: ['sales_order.created'] },
    });
    const posts = seen.filter((s) => s.method === 'POST' && !s.url.endsWith('/oauth2/token'));
    expect(posts[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1].idempotencyKey).toBe('order-r-1');
    expect(posts[2].idempotencyKey).toBeNull();
  });

  it('retries a 429 and a 503 after Retry-After, with the same body and key, and answers the success', async () => {
    const statuses = [429, 503];
    const { seen, fetchStub } = gateway(() => {
      const status = statuses.shift();
      return status
        ? problem(status, status === 429 ? '/problems/rate-limited' : '/problems/service-unavailable', { 'Retry-After': status === 429 ? '2' : '1' })
        : Response.json({ id: 'o-1' }, { status: 201 });
    });
    const api = createPublicClient(options(fetchStub));
    expect(await unwrap(api.POST(ORDERS, { params: { path }, body: order }))).toEqual({ id: 'o-1' });
    const posts = seen.filter((s) => s.url.endsWith('/sales-orders'));
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((p) => p.idempotencyKey)).size).toBe(1);
    expect(new Set(posts.map((p) => p.body)).size).toBe(1);
    expect(JSON.parse(posts[2].body)).toEqual(order);
    expect(waits).toEqual([2000, 1000]);
  });

  it('stops after its bound: maxRetries tries, and no wait longer than maxDelaySeconds', async () => {
    const { seen, fetchStub } = gateway(() => problem(503, '/problems/service-unavailable', { 'Retry-After': '1' }));
    const api = createPublicClient(options(fetchStub, { maxRetries: 2 }));
    const failure = await unwrap(api.GET('/v0/whoami')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProblemError);
    expect([(failure as ProblemError).status, (failure as ProblemError).type, (failure as ProblemError).retryAfter]).toEqual([
      503,
      '/problems/service-unavailable',
      1,
    ]);
    expect(seen.filter((s) => s.url.endsWith('/v0/whoami'))).toHaveLength(3);

    const long = gateway(() => problem(429, '/problems/rate-limited', { 'Retry-After': '3600' }));
    const patient = createPublicClient(options(long.fetchStub));
    expect((await patient.GET('/v0/whoami')).response.status).toBe(429);
    expect(long.seen.filter((s) => s.url.endsWith('/v0/whoami'))).toHaveLength(1);
  });

  it('never retries a POST without an Idempotency-Key (it could act twice)', async () => {
    const { seen, fetchStub } = gateway(() => problem(503, '/problems/service-unavailable', { 'Retry-After': '1' }));
    const api = createPublicClient(options(fetchStub));
    await api.POST('/v0/organizations/{organizationId}/webhook-endpoints', {
      params: { path: { organizationId: path.organizationId } },
      body: { url: 'https://receiver.invalid/hook', eventTypes: ['sales_order.created'] },
    });
    expect(seen.filter((s) => s.url.endsWith('/webhook-endpoints'))).toHaveLength(1);
  });

  it('iterates over every page of a cursor-paged list, sending the cursor with the same parameters', async () => {
    const pages: Record<string, { items: { id: string }[]; nextCursor: string | null }> = {
      '': { items: [{ id: 'a' }, { id: 'b' }], nextCursor: 'c1' },
      c1: { items: [{ id: 'c' }], nextCursor: 'c2' },
      c2: { items: [], nextCursor: null },
    };
    const { seen, fetchStub } = gateway((request) => Response.json(pages[new URL(request.url).searchParams.get('cursor') ?? '']));
    const api = createPublicClient(options(fetchStub));
    const ids: string[] = [];
    for await (const item of paginate(api, ORDERS, { params: { path, query: { orderReference: 'r-1', limit: 2 } } })) ids.push(item.id);
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(seen.filter((s) => s.method === 'GET').map((s) => new URL(s.url).search)).toEqual([
      '?orderReference=r-1&limit=2',
      '?orderReference=r-1&limit=2&cursor=c1',
      '?orderReference=r-1&limit=2&cursor=c2',
    ]);
  });

  it('throws the problem of a failed page as a ProblemError with its field errors', async () => {
    const { fetchStub } = gateway(
      () =>
        new Response(
          JSON.stringify({
            type: '/problems/validation-failed',
            title: 'Bad Request',
            status: 400,
            detail: 'The query is not valid.',
            errors: [{ pointer: '/query/limit', message: 'must be an integer from 1 to 100' }],
          }),
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    );
    const api = createPublicClient(options(fetchStub));
    const iterate = async () => {
      for await (const _ of paginate(api, ORDERS, { params: { path } })) void _;
    };
    await expect(iterate()).rejects.toMatchObject({
      name: 'ProblemError',
      status: 400,
      type: '/problems/validation-failed',
      errors: [{ pointer: '/query/limit', message: 'must be an integer from 1 to 100' }],
    });
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:10 GMT', Date.parse('2026-01-01T00:00:00Z'))).toBe(10);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });
});
