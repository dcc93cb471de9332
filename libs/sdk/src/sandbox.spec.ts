// sandbox.simulate against a scripted gateway (a fetch stub): what it sends, the outcome it resolves to
// (SUCCESS and FAILED alike, both 200), and the ProblemError of a live organization.
import { ProblemError, createPublicClient, sandbox } from './index';

const ORGANIZATION = '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01';
const ORDER = '3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f';
const URL = `http://gateway.invalid/v0/organizations/${ORGANIZATION}/sandbox/simulations`;

function scripted(answers: (() => Response)[]) {
  const seen: { method: string; url: string; idempotencyKey: string | null; body: string }[] = [];
  const fetchStub = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url.endsWith('/oauth2/token')) return Response.json({ access_token: 't', token_type: 'bearer', expires_in: 900 });
    seen.push({ method: request.method, url: request.url, idempotencyKey: request.headers.get('idempotency-key'), body: await request.text() });
    return answers[seen.length - 1]();
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

describe('sandbox', () => {
  it('simulate: POSTs the step and resolves to the outcome, SUCCESS or FAILED', async () => {
    const success = { outcome: 'SUCCESS', result: { salesOrder: { id: ORDER, status: 'DELIVERED' } } };
    const failed = { outcome: 'FAILED', reason: 'The fulfilment order is SHIPPED and has no shipment left to deliver.' };
    const { api, seen } = scripted([() => Response.json(success), () => Response.json(failed)]);
    expect(await sandbox(api, ORGANIZATION).simulate({ action: 'DELIVER', salesOrderId: ORDER })).toEqual(success);
    expect(await sandbox(api, ORGANIZATION).simulate({ action: 'DELIVER', salesOrderId: ORDER })).toEqual(failed);
    expect(seen).toEqual([
      { method: 'POST', url: URL, idempotencyKey: null, body: JSON.stringify({ action: 'DELIVER', salesOrderId: ORDER }) },
      { method: 'POST', url: URL, idempotencyKey: null, body: JSON.stringify({ action: 'DELIVER', salesOrderId: ORDER }) },
    ]);
  });

  it('simulate on a live organization throws the 403 sandbox-only ProblemError', async () => {
    const problem = {
      type: '/problems/sandbox-only',
      title: 'Forbidden',
      status: 403,
      detail: 'Simulations are for sandbox organizations only: this organization is live.',
    };
    const { api } = scripted([() => Response.json(problem, { status: 403, headers: { 'content-type': 'application/problem+json' } })]);
    const thrown = await sandbox(api, ORGANIZATION)
      .simulate({ action: 'ADJUST_STOCK', barcode: '8710000000011', quantity: 5 })
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ProblemError);
    expect([(thrown as ProblemError).status, (thrown as ProblemError).type]).toEqual([403, '/problems/sandbox-only']);
  });
});
