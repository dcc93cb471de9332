// `admin token`: a token from the running public gateway (its production bundle, a real process), for a
// client id given as an option and a secret from CLIENT_SECRET or standard input, never from the command line.
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '@gateway/dev-postgres';
import { TestDatabase, TestClient, createTestClient, createTestDatabase, gatewayTestEnv } from '@gateway/testing';

const root = join(__dirname, '../../..');
const cli = join(root, 'dist/apps/admin-cli/main.js');

describe('admin token', () => {
  let database: TestDatabase;
  let gateway: ChildProcess;
  let url: string;
  let post: TestClient;
  let basic: TestClient;

  const admin = (args: string[], options: { env?: Record<string, string>; input?: string } = {}) => {
    // No DATABASE_URL and no DATA_DIR with a server: the verb reaches no database.
    const result = spawnSync(process.execPath, [cli, ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: join(root, 'tmp/admin-token-no-database'), ...options.env },
      input: options.input ?? '',
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    gateway = spawn(process.execPath, [join(root, 'dist/apps/public-gateway/main.js')], {
      env: {
        PATH: process.env.PATH,
        ...gatewayTestEnv(database.url, { PUBLIC_BASE_URL: url }),
        PUBLIC_GATEWAY_PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${url}/health/ready`).then(
        (r) => r.status === 200,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error('the public gateway did not become ready');
      await new Promise((r) => setTimeout(r, 200));
    }
    post = await createTestClient(database.url, { type: 'SERVICE' });
    basic = await createTestClient(database.url, { type: 'SERVICE', audience: 'internal', authMethod: 'client_secret_basic' });
  }, 90_000);

  afterAll(async () => {
    gateway?.kill('SIGTERM');
    await new Promise((resolve) => (gateway?.exitCode !== null ? resolve(undefined) : gateway.once('exit', resolve)));
    await database?.drop();
  });

  const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

  it('prints a token of the client, the secret taken from CLIENT_SECRET', async () => {
    const { code, stdout, stderr } = admin(['token', '--client-id', post.clientId, '--url', url], { env: { CLIENT_SECRET: post.clientSecret } });
    expect({ code, stderr }).toEqual({ code: 0, stderr: `token of ${post.clientId}, valid 900 s\n` });
    const token = stdout.trim();
    expect(claims(token)).toEqual(expect.objectContaining({ client_id: post.clientId, aud: url }));
    const whoami = await fetch(`${url}/v0/whoami`, { headers: { authorization: `Bearer ${token}` } });
    expect(await whoami.json()).toEqual({ clientType: 'SERVICE', clientId: post.clientId });
  });

  it('reads the secret from standard input, with client_secret_basic, and answers JSON with --json', () => {
    const { code, stdout } = admin(['token', '--client-id', basic.clientId, '--url', url, '--auth-method', 'client_secret_basic', '--json'], {
      input: `${basic.clientSecret}\n`,
    });
    expect(code).toBe(0);
    const answer = JSON.parse(stdout);
    expect(answer).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 900 });
    expect(claims(answer.access_token).aud).toBe('urn:gateway:internal');
  });

  it('refuses a secret on the command line (usage, exit 2) and says why a refused secret failed (exit 1), printing no secret', () => {
    const onCommandLine = admin(['token', '--client-id', post.clientId, '--url', url, '--client-secret', post.clientSecret]);
    expect(onCommandLine.code).toBe(2);
    expect(onCommandLine.stderr).toContain("unknown option '--client-secret'");
    const wrong = admin(['token', '--client-id', post.clientId, '--url', url], { env: { CLIENT_SECRET: 'not-the-secret' } });
    expect({ code: wrong.code, stdout: wrong.stdout, stderr: wrong.stderr }).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: token request refused: 401 invalid_client (Client authentication failed.)\n',
    });
    const none = admin(['token', '--client-id', post.clientId, '--url', url]);
    expect([none.code, none.stderr]).toEqual([1, 'error: no client secret: set CLIENT_SECRET or write it on standard input\n']);
  });
});
