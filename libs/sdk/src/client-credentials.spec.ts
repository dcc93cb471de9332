import { ClientCredentials, TokenRequestError, basicCredentials } from './client-credentials';

interface Call {
  url: string;
  headers: Record<string, string>;
  body: string;
}

function tokenEndpoint(answers: { status: number; body: unknown }[]) {
  const calls: Call[] = [];
  const fetchStub = (async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string>, body: String(init.body) });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { calls, fetchStub };
}

describe('ClientCredentials', () => {
  const token = (n: number) => ({ status: 200, body: { access_token: `token-${n}`, token_type: 'bearer', expires_in: 900 } });

  it('reuses a token until 60 s before it expires, then asks for a new one', async () => {
    let now = 1_000_000;
    const { calls, fetchStub } = tokenEndpoint([token(1), token(2)]);
    const credentials = new ClientCredentials({
      tokenUrl: 'http://gateway.invalid/oauth2/token',
      clientId: 'cl_a',
      clientSecret: 's',
      fetch: fetchStub,
      now: () => now,
    });
    expect(await credentials.accessToken()).toBe('token-1');
    now += 839_000;
    expect(await credentials.accessToken()).toBe('token-1');
    now += 1_000;
    expect(await credentials.accessToken()).toBe('token-2');
    expect(calls).toHaveLength(2);
    expect(calls[0]).toEqual({
      url: 'http://gateway.invalid/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials&client_id=cl_a&client_secret=s',
    });
  });

  it('asks once for concurrent callers, and again after invalidate()', async () => {
    const { calls, fetchStub } = tokenEndpoint([token(1), token(2)]);
    const credentials = new ClientCredentials({ tokenUrl: 'http://gateway.invalid/oauth2/token', clientId: 'cl_a', clientSecret: 's', fetch: fetchStub });
    expect(await Promise.all([credentials.accessToken(), credentials.accessToken(), credentials.accessToken()])).toEqual(['token-1', 'token-1', 'token-1']);
    credentials.invalidate();
    expect(await credentials.accessToken()).toBe('token-2');
    expect(calls).toHaveLength(2);
  });

  it('renews a short-lived token at half its life at the latest', async () => {
    let now = 0;
    const { calls, fetchStub } = tokenEndpoint([{ status: 200, body: { access_token: 't', token_type: 'bearer', expires_in: 60 } }]);
    const credentials = new ClientCredentials({
      tokenUrl: 'http://gateway.invalid/oauth2/token',
      clientId: 'cl_a',
      clientSecret: 's',
      fetch: fetchStub,
      now: () => now,
    });
    await credentials.accessToken();
    now = 29_999;
    await credentials.accessToken();
    now = 30_000;
    await credentials.accessToken();
    expect(calls).toHaveLength(2);
  });

  it('sends client_secret_basic with both values form-urlencoded before base64 (spec 4.2 rule 3)', async () => {
    const { calls, fetchStub } = tokenEndpoint([token(1)]);
    const credentials = new ClientCredentials({
      tokenUrl: 'http://gateway.invalid/oauth2/token',
      clientId: 'cl a',
      clientSecret: "p:s!'~",
      authMethod: 'client_secret_basic',
      fetch: fetchStub,
    });
    await credentials.accessToken();
    expect(calls[0].headers.authorization).toBe(`Basic ${Buffer.from('cl%20a:p%3As%21%27~').toString('base64')}`);
    expect(calls[0].body).toBe('grant_type=client_credentials');
    expect(basicCredentials('cl_a', 'x')).toBe(`Basic ${Buffer.from('cl_a:x').toString('base64')}`);
  });

  it('turns an OAuth error into a TokenRequestError and keeps no token', async () => {
    const { calls, fetchStub } = tokenEndpoint([{ status: 401, body: { error: 'invalid_client', error_description: 'unknown client' } }, token(2)]);
    const credentials = new ClientCredentials({ tokenUrl: 'http://gateway.invalid/oauth2/token', clientId: 'cl_a', clientSecret: 's', fetch: fetchStub });
    const failure = await credentials.accessToken().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TokenRequestError);
    expect([(failure as TokenRequestError).status, (failure as TokenRequestError).error, (failure as Error).message]).toEqual([
      401,
      'invalid_client',
      'token request failed: 401 invalid_client: unknown client',
    ]);
    expect(await credentials.accessToken()).toBe('token-2');
    expect(calls).toHaveLength(2);
  });
});
