// POST /oauth2/token held against a reference implementation: the same table of requests is
// sent to the gateway and to oidc-provider (support/reference-token-server.mjs, a child process: the
// package is ESM only), each with the same two clients, one per authentication method. Status, `error`,
// `Cache-Control: no-store` and the WWW-Authenticate scheme must agree, except where DELIBERATE says
// otherwise, each with the section that justifies it; a deliberate difference that disappears fails too.
import { ChildProcess, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ApiClientRepository, Database } from '@gateway/persistence';
import { generateClientSecret, hashClientSecret } from '@gateway/domain';
import { usePublicGateway } from './support/start-public-gateway';

interface Client {
  clientId: string;
  clientSecret: string;
  authMethod: 'client_secret_post' | 'client_secret_basic';
}

/** Both clients' secrets carry a space, '+', ':', '%' and '~', so the Basic encoding rules are exercised. */
const POST: Client = { clientId: 'cl_diff_post', clientSecret: `post secret+:%~${generateClientSecret()}`, authMethod: 'client_secret_post' };
const BASIC: Client = { clientId: 'cl_diff_basic', clientSecret: `basic secret+:%~${generateClientSecret()}`, authMethod: 'client_secret_basic' };

interface TableRequest {
  headers: Record<string, string>;
  body?: string;
}

/** form-urlencoding as spec 4.2 rule 3 says: everything but A-Z a-z 0-9 - . _ ~ percent-encoded. */
const formEncode = (value: string, space = '%20') =>
  encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, space);
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const basicOf = (id: string, secret: string, space = '%20') => `Basic ${base64(`${formEncode(id, space)}:${formEncode(secret, space)}`)}`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const formOf = (fields: [string, string][]) => fields.map(([k, v]) => `${formEncode(k)}=${formEncode(v)}`).join('&');
const GRANT: [string, string] = ['grant_type', 'client_credentials'];
const postCredentials = (secret = POST.clientSecret): [string, string][] => [
  ['client_id', POST.clientId],
  ['client_secret', secret],
];
const viaPost = (fields: [string, string][]): TableRequest => ({ headers: FORM, body: formOf(fields) });
const viaBasic = (authorization: string, fields: [string, string][] = [GRANT], headers: Record<string, string> = FORM): TableRequest => ({
  headers: { ...headers, authorization },
  body: formOf(fields),
});
const basicRight = basicOf(BASIC.clientId, BASIC.clientSecret);
const basicWrong = basicOf(BASIC.clientId, 'wrong');

/** The table of requests, by category, sent to both servers. */
const REQUESTS: Record<string, TableRequest> = {
  // The two methods, as registered.
  'client_secret_post, right secret': viaPost([GRANT, ...postCredentials()]),
  'client_secret_basic, right secret': viaBasic(basicRight),
  // Grant types.
  'grant_type missing': viaPost(postCredentials()),
  'grant_type empty': viaPost([['grant_type', ''], ...postCredentials()]),
  'grant_type duplicated': viaPost([GRANT, GRANT, ...postCredentials()]),
  'grant_type duplicated with two values': viaPost([GRANT, ['grant_type', 'password'], ...postCredentials()]),
  'grant_type password': viaPost([['grant_type', 'password'], ...postCredentials()]),
  'grant_type authorization_code': viaPost([['grant_type', 'authorization_code'], ...postCredentials()]),
  'grant_type in another case': viaPost([['grant_type', 'Client_Credentials'], ...postCredentials()]),
  'grant_type of 1,100 characters': viaPost([['grant_type', 'g'.repeat(1100)], ...postCredentials()]),
  // Rule 5: bad credentials beside a bad grant.
  'wrong secret, grant_type missing': viaPost(postCredentials('wrong')),
  'wrong secret, grant_type duplicated': viaPost([GRANT, GRANT, ...postCredentials('wrong')]),
  'wrong secret, grant_type password': viaPost([['grant_type', 'password'], ...postCredentials('wrong')]),
  'wrong Basic secret, grant_type of 1,100 characters': viaBasic(basicWrong, [['grant_type', 'g'.repeat(1100)]]),
  'wrong Basic secret, grant_type duplicated': viaBasic(basicWrong, [GRANT, GRANT]),
  // Credentials missing, wrong or unknown.
  'no credentials': viaPost([GRANT]),
  'client_secret_post, wrong secret': viaPost([GRANT, ...postCredentials('wrong')]),
  'client_secret_post, unknown client': viaPost([GRANT, ['client_id', 'cl_nobody'], ['client_secret', 'x']]),
  'client_secret_post, client_id of 2,000 characters': viaPost([GRANT, ['client_id', 'c'.repeat(2000)], ['client_secret', 'x']]),
  'client_secret_post, client_id only': viaPost([GRANT, ['client_id', POST.clientId]]),
  'client_secret_post, client_secret only': viaPost([GRANT, ['client_secret', POST.clientSecret]]),
  'client_secret_post, client_id duplicated': viaPost([GRANT, ['client_id', POST.clientId], ...postCredentials()]),
  'client_secret_post, client_secret duplicated': viaPost([GRANT, ['client_secret', POST.clientSecret], ...postCredentials()]),
  'client_secret_basic, wrong secret': viaBasic(basicWrong),
  'client_secret_basic, unknown client': viaBasic(basicOf('cl_nobody', 'x')),
  // Both methods at once, and a client_id beside Basic.
  'Basic and client_id and client_secret in the body': viaBasic(basicRight, [GRANT, ['client_id', BASIC.clientId], ['client_secret', BASIC.clientSecret]]),
  'Basic and client_secret in the body': viaBasic(basicRight, [GRANT, ['client_secret', BASIC.clientSecret]]),
  'Basic and the same client_id in the body': viaBasic(basicRight, [GRANT, ['client_id', BASIC.clientId]]),
  'Basic and another client_id in the body': viaBasic(basicRight, [GRANT, ['client_id', POST.clientId]]),
  // Basic edge cases.
  'Basic, not base64': viaBasic('Basic !!!not-base64!!!'),
  'Basic, base64 without its padding': viaBasic(`Basic ${base64(`${BASIC.clientId}:xy`).replace(/=+$/, '')}`),
  'Basic, no colon': viaBasic(`Basic ${base64('no-colon')}`),
  'Basic, empty secret': viaBasic(`Basic ${base64(`${BASIC.clientId}:`)}`),
  'Basic, empty client_id': viaBasic(`Basic ${base64(':secret')}`),
  'Basic, bad percent-encoding': viaBasic(`Basic ${base64(`${BASIC.clientId}:%zz`)}`),
  'Basic, spaces sent as +': viaBasic(basicOf(BASIC.clientId, BASIC.clientSecret, '+')),
  'Basic, secret not form-urlencoded': viaBasic(`Basic ${base64(`${BASIC.clientId}:${BASIC.clientSecret}`)}`),
  'Basic, UTF-8 in the client_id': viaBasic(`Basic ${base64('cl_diff_bäsic:x')}`),
  'Basic, scheme in lower case': viaBasic(basicRight.replace('Basic', 'basic')),
  'Basic, two spaces after the scheme': viaBasic(basicRight.replace('Basic ', 'Basic  ')),
  'Bearer instead of Basic': viaBasic('Bearer abc.def.ghi'),
  // Bodies.
  'JSON body': {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: POST.clientId, client_secret: POST.clientSecret }),
  },
  'text body': { headers: { 'content-type': 'text/plain' }, body: formOf([GRANT, ...postCredentials()]) },
  'form with a charset': { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: formOf([GRANT, ...postCredentials()]) },
  'no body, right Basic credentials': { headers: { authorization: basicRight } },
  'no body, wrong Basic credentials': { headers: { authorization: basicWrong } },
  // Scope forms.
  'one scope': viaPost([GRANT, ...postCredentials(), ['scope', 'inventory:read']]),
  'two scopes': viaPost([GRANT, ...postCredentials(), ['scope', 'inventory:read orders:write']]),
  'empty scope': viaPost([GRANT, ...postCredentials(), ['scope', '']]),
  'scope with a double quote': viaPost([GRANT, ...postCredentials(), ['scope', 'inventory"read']]),
  'scope with a backslash': viaPost([GRANT, ...postCredentials(), ['scope', 'inventory\\read']]),
  'scope duplicated': viaPost([GRANT, ...postCredentials(), ['scope', 'a'], ['scope', 'b']]),
  // Unknown and long parameters.
  'unknown parameter': viaPost([GRANT, ...postCredentials(), ['audience_hint', 'x']]),
  'unknown parameter of 5,000 characters': viaPost([GRANT, ...postCredentials(), ['audience_hint', 'x'.repeat(5000)]]),
  'unknown parameter duplicated': viaPost([GRANT, ...postCredentials(), ['audience_hint', 'x'], ['audience_hint', 'y']]),
  // The wrong method for a client.
  'client_secret_post client through Basic': viaBasic(basicOf(POST.clientId, POST.clientSecret)),
  'client_secret_basic client through the body': viaPost([GRANT, ['client_id', BASIC.clientId], ['client_secret', BASIC.clientSecret]]),
};

interface Observation {
  status: number;
  error: string | undefined;
  noStore: boolean;
  /** The WWW-Authenticate scheme(s), or undefined: the parameters (realm, error) differ by design. */
  challenge: string | undefined;
}

type Field = 'status' | 'error' | 'challenge';

interface Deliberate {
  ours: Partial<Record<Field, unknown>>;
  reference: Partial<Record<Field, unknown>>;
  why: string;
}

const EVERY_401_CHALLENGES: Deliberate = {
  ours: { challenge: 'Basic' },
  reference: { challenge: undefined },
  why: 'RFC 9110 section 15.5.2: a 401 MUST carry WWW-Authenticate; the reference challenges only when an Authorization header was sent',
};
const ONE_METHOD_PER_CLIENT = (method: string): Deliberate => ({
  ours: { status: 401, error: 'invalid_client', challenge: 'Basic' },
  reference: { status: 200, error: undefined, challenge: undefined },
  why: `spec 4.2 rule 1: a client is registered for exactly one method, and credentials presented by the other are 401 invalid_client naming ${method}; the reference accepts either secret method`,
});

/** The differences we mean, each with its reason. Every other field of every request must agree. */
const DELIBERATE: Record<string, Deliberate> = {
  'wrong secret, grant_type missing': EVERY_401_CHALLENGES,
  'wrong secret, grant_type duplicated': EVERY_401_CHALLENGES,
  'wrong secret, grant_type password': EVERY_401_CHALLENGES,
  'client_secret_post, wrong secret': EVERY_401_CHALLENGES,
  'client_secret_post, unknown client': EVERY_401_CHALLENGES,
  'client_secret_post, client_id of 2,000 characters': EVERY_401_CHALLENGES,
  'client_secret_post, client_id only': {
    ours: { status: 400, error: 'invalid_request', challenge: undefined },
    reference: { status: 401, error: 'invalid_client', challenge: undefined },
    why: 'spec 4.2 (client_secret is a required field of client_secret_post) and section 7: a required form field missing is 400 invalid_request; the reference takes a lone client_id as the method "none", which this client is not registered for',
  },
  'grant_type authorization_code': {
    ours: { error: 'unsupported_grant_type' },
    reference: { error: 'invalid_request' },
    why: 'RFC 6749 section 5.2: unsupported_grant_type is "not supported by the authorization server"; this server implements no other grant, the reference implements authorization_code but not for this client',
  },
  'Basic, base64 without its padding': {
    ours: { status: 400, error: 'invalid_request', challenge: undefined },
    reference: { status: 401, error: 'invalid_client', challenge: 'Basic' },
    why: 'RFC 7617 section 2 and RFC 4648 section 3.2: the credentials are base64 with its padding; the reference also accepts them unpadded',
  },
  'Basic, two spaces after the scheme': {
    ours: { status: 200, error: undefined },
    reference: { status: 400, error: 'invalid_request' },
    why: 'RFC 9110 section 11.4: credentials = auth-scheme [ 1*SP ( token68 / #auth-param ) ], so more than one space is allowed; the reference splits on one space',
  },
  'client_secret_post client through Basic': ONE_METHOD_PER_CLIENT('client_secret_post'),
  'client_secret_basic client through the body': ONE_METHOD_PER_CLIENT('client_secret_basic'),
};

function observe(baseUrl: string, req: TableRequest): Promise<Observation> {
  const url = new URL('/oauth2/token', baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: 'POST', headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body ?? '')) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: { error?: unknown } = {};
        try {
          body = JSON.parse(text);
        } catch {
          body = {};
        }
        const challenge = res.headers['www-authenticate'];
        resolve({
          status: res.statusCode ?? 0,
          error: typeof body.error === 'string' ? body.error : undefined,
          noStore: /(^|,)\s*no-store\s*(,|$)/i.test(String(res.headers['cache-control'] ?? '')),
          challenge:
            challenge === undefined
              ? undefined
              : [challenge]
                  .flat()
                  .map((value) => value.split(' ')[0])
                  .join(', '),
        });
      });
    });
    outgoing.setTimeout(10_000, () => outgoing.destroy(new Error(`no answer from ${baseUrl} within 10 s`)));
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

async function startReference(clients: Client[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(__dirname, 'support/reference-token-server.mjs'), JSON.stringify(clients)], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the reference server exited with ${code} before listening`)));
  });
  return { url: (JSON.parse(firstLine) as { url: string }).url, child };
}

/** The differences between two observations of one request, as "field: ours vs reference". */
function differences(ours: Observation, reference: Observation, deliberate: Deliberate | undefined): string[] {
  const found: string[] = [];
  for (const field of ['status', 'error', 'noStore', 'challenge'] as const) {
    const meant = deliberate && field in deliberate.ours ? deliberate : undefined;
    if (meant) {
      if (ours[field] !== meant.ours[field as Field] || reference[field] !== meant.reference[field as Field]) {
        found.push(
          `${field}: ${String(ours[field])} vs ${String(reference[field])}, where the table says ${String(meant.ours[field as Field])} vs ${String(meant.reference[field as Field])}`,
        );
      }
    } else if (ours[field] !== reference[field]) {
      found.push(`${field}: ${String(ours[field])} vs ${String(reference[field])}`);
    }
  }
  return found;
}

describe('POST /oauth2/token against oidc-provider (differential)', () => {
  // Limits out of the way: the table sends many wrong secrets, and the reference has no limits.
  const { database, gateway } = usePublicGateway({
    FAILED_AUTH_LIMIT_PER_CLIENT: '100000',
    FAILED_AUTH_LIMIT_PER_ADDRESS: '100000',
    TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
  });
  let reference: { url: string; child: ChildProcess };

  beforeAll(async () => {
    const db = new Database({ url: database.url, poolMax: 1 });
    for (const client of [POST, BASIC]) {
      await new ApiClientRepository().insert(db, {
        clientId: client.clientId,
        secretHash: hashClientSecret(client.clientSecret),
        clientType: 'SERVICE',
        authMethod: client.authMethod,
        audience: 'public',
        name: null,
        userId: null,
        organizationId: null,
        connectionIds: [],
      });
    }
    await db.close();
    reference = await startReference([POST, BASIC]);
  });

  afterAll(async () => {
    reference?.child.stdin?.end();
  });

  it('lists only deliberate differences that name a request of the table', () => {
    expect(Object.keys(DELIBERATE).filter((name) => !(name in REQUESTS))).toEqual([]);
  });

  it('answers every request of the table as the reference does, but for the deliberate differences', async () => {
    const found: string[] = [];
    for (const [name, req] of Object.entries(REQUESTS)) {
      const [ours, theirs] = [await observe(gateway.url, req), await observe(reference.url, req)];
      for (const difference of differences(ours, theirs, DELIBERATE[name])) found.push(`${name}: ${difference}`);
    }
    expect(found).toEqual([]);
  });
});
