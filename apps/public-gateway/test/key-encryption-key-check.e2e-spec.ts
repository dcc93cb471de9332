// The gateway process refuses to start when KEY_ENCRYPTION_KEY cannot decrypt the stored signing keys
// (else it would start and answer every token request 500): one line naming the variable, exit 1.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SigningKeyRepository } from '@gateway/persistence';
import { freePort } from '@gateway/dev-postgres';
import { encryptPrivateKey, parseKeyEncryptionKey } from '@gateway/domain';
import { TEST_KEY_ENCRYPTION_KEY, useTestDatabase } from '@gateway/testing';

const main = join(__dirname, '../../../dist/apps/public-gateway/main.js');

function run(databaseUrl: string, port: number, keyEncryptionKey: string) {
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
    const port = await freePort();
    const started = run(database.url, port, TEST_KEY_ENCRYPTION_KEY);
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
  }, 60_000);
});
