// The gateway process refuses to start when KEY_ENCRYPTION_KEY cannot decrypt the stored signing keys
// (else it would start and answer every token request 500): one line naming the variable, exit 1.
import { spawn } from 'node:child_process';
import { createCipheriv, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SigningKeyRepository } from '@gateway/persistence';
import { freePort } from '@gateway/dev-postgres';
import { encryptPrivateKey, parseKeyEncryptionKey } from '@gateway/domain';
import { TEST_KEY_ENCRYPTION_KEY, useTestDatabase } from '@gateway/testing';

const main = join(__dirname, '../../../dist/apps/public-gateway/main.js');

function run(databaseUrl: string, port: number, keyEncryptionKey: string, extra: Record<string, string> = {}) {
  let stderr = '';
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      PUBLIC_GATEWAY_PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      KEY_ENCRYPTION_KEY: keyEncryptionKey,
      LOG_LEVEL: 'silent',
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

describe('public gateway boot: KEY_ENCRYPTION_KEY against the stored signing keys', () => {
  const { database } = useTestDatabase();

  beforeAll(async () => {
    // A stored key, encrypted under the test KEY_ENCRYPTION_KEY.
    await new SigningKeyRepository().insert(database.db, {
      kid: 'stored-key',
      algorithm: 'RS256',
      publicJwk: { kty: 'RSA', kid: 'stored-key' },
      privateKeyCiphertext: encryptPrivateKey('-----BEGIN PRIVATE KEY-----', parseKeyEncryptionKey(TEST_KEY_ENCRYPTION_KEY)),
    });
  });

  it('refuses another valid key with one line naming KEY_ENCRYPTION_KEY and exit 1', async () => {
    const started = run(database.url, await freePort(), randomBytes(32).toString('base64'));
    expect(await started.exited).toBe(1);
    expect(started.stderr()).toBe(
      'Invalid configuration: KEY_ENCRYPTION_KEY does not decrypt 1 of the 1 stored signing keys (stored-key): it is not the key they were encrypted with\n',
    );
  }, 60_000);

  it('starts with the key the stored keys were encrypted with', async () => {
    await expectReady(TEST_KEY_ENCRYPTION_KEY);
  }, 60_000);

  it('refuses KEY_ENCRYPTION_READ_V1=false while a row is in the first format, and starts with it once none is', async () => {
    const key = parseKeyEncryptionKey(TEST_KEY_ENCRYPTION_KEY);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = Buffer.concat([cipher.update('-----BEGIN PRIVATE KEY-----', 'utf8'), cipher.final()]);
    const legacy = ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    await database.db.query("INSERT INTO signing_keys (kid, algorithm, public_jwk, private_key_ciphertext) VALUES ('legacy-kid', 'RS256', '{}', $1)", [legacy]);
    const refused = run(database.url, await freePort(), TEST_KEY_ENCRYPTION_KEY, { KEY_ENCRYPTION_READ_V1: 'false' });
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toBe(
      'Invalid configuration: KEY_ENCRYPTION_READ_V1 is false, but 1 signing key and the secrets of 0 webhook endpoints still in the first ciphertext format: run `admin keys:reencrypt` first\n',
    );
    await database.db.query("UPDATE signing_keys SET private_key_ciphertext = $1 WHERE kid = 'legacy-kid'", [
      encryptPrivateKey('-----BEGIN PRIVATE KEY-----', key),
    ]);
    await expectReady(TEST_KEY_ENCRYPTION_KEY, { KEY_ENCRYPTION_READ_V1: 'false' });
  }, 60_000);

  async function expectReady(keyEncryptionKey: string, extra: Record<string, string> = {}) {
    const port = await freePort();
    const started = run(database.url, port, keyEncryptionKey, extra);
    try {
      const deadline = Date.now() + 30_000;
      let ready = false;
      while (!ready && Date.now() < deadline && started.child.exitCode === null) {
        ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((r) => setTimeout(r, 100));
      }
      expect([ready, started.stderr()]).toEqual([true, '']);
    } finally {
      started.child.kill('SIGKILL');
      await started.exited;
    }
  }
});
