// keys:reencrypt rewrites the secrets still in the first ciphertext format (KEY_ENCRYPTION_KEY itself, no
// associated data) with the key of their purpose, webhook secrets bound to their endpoint; under a key that
// does not decrypt them it writes nothing.
import { spawnSync } from 'node:child_process';
import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { decryptPrivateKey, decryptWebhookSecret } from '@gateway/domain';
import { WebhookEndpointRepository } from '@gateway/persistence';
import { TestDatabase, createTestClient, createTestDatabase, seedOrganization } from '@gateway/testing';

const cli = join(__dirname, '../../../dist/apps/admin-cli/main.js');
const KEY = Buffer.alloc(32, 5);
const OTHER_KEY = Buffer.alloc(32, 6);

function admin(database: TestDatabase, keyEncryptionKey: Buffer, ...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH, DATABASE_URL: database.url, KEY_ENCRYPTION_KEY: keyEncryptionKey.toString('base64') },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** What the first version wrote. */
function legacyEncrypt(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', KEY, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

describe('admin CLI keys:reencrypt', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('refuses a key that does not decrypt the old rows, then rewrites them in the current format, once', async () => {
    const org = await seedOrganization(database.db);
    const client = await createTestClient(database.url, { type: 'ORGANIZATION', organizationId: org.organizationId });
    await database.db.query("INSERT INTO signing_keys (kid, algorithm, public_jwk, private_key_ciphertext) VALUES ('legacy-kid', 'RS256', '{}', $1)", [
      legacyEncrypt('-----BEGIN PRIVATE KEY-----'),
    ]);
    const endpointId = randomUUID();
    await new WebhookEndpointRepository().insert(database.db, {
      id: endpointId,
      organizationId: org.organizationId,
      url: 'https://hooks.example.com/in',
      eventTypes: ['sales_order.created'],
      description: null,
      secretCiphertext: legacyEncrypt('whsec_current'),
      createdByClientId: client.clientId,
      connectorConnectionIds: null,
    });
    await database.db.query(
      "UPDATE webhook_endpoints SET previous_secret_ciphertext = $2, previous_secret_expires_at = now() + interval '1 hour' WHERE id = $1",
      [endpointId, legacyEncrypt('whsec_previous')],
    );
    const rows = async () => ({
      key: (await database.db.query<{ c: string }>("SELECT private_key_ciphertext AS c FROM signing_keys WHERE kid = 'legacy-kid'")).rows[0].c,
      endpoint: (
        await database.db.query<{ secret: string; previous: string }>(
          'SELECT secret_ciphertext AS secret, previous_secret_ciphertext AS previous FROM webhook_endpoints WHERE id = $1',
          [endpointId],
        )
      ).rows[0],
    });
    const before = await rows();

    const refused = admin(database, OTHER_KEY, 'keys:reencrypt');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `error: KEY_ENCRYPTION_KEY does not decrypt signing key legacy-kid, webhook endpoint ${endpointId}: it is not the key they were encrypted with; nothing was re-encrypted\n`,
    );
    expect(await rows()).toEqual(before);

    const done = admin(database, KEY, 'keys:reencrypt', '--json');
    expect([done.code, done.stderr]).toEqual([0, '']);
    expect(JSON.parse(done.stdout)).toEqual({ signingKeys: 1, webhookEndpoints: 1, remaining: { signingKeys: 0, webhookEndpoints: 0 } });
    const after = await rows();
    expect([after.key, after.endpoint.secret, after.endpoint.previous].map((c) => c.split('.')[0])).toEqual(['v2', 'v2', 'v2']);
    expect(decryptPrivateKey(after.key, KEY)).toBe('-----BEGIN PRIVATE KEY-----');
    const owner = { organizationId: org.organizationId, endpointId };
    expect(decryptWebhookSecret(after.endpoint.secret, KEY, owner)).toBe('whsec_current');
    expect(decryptWebhookSecret(after.endpoint.previous, KEY, owner)).toBe('whsec_previous');
    expect(() => decryptWebhookSecret(after.endpoint.secret, KEY, { ...owner, endpointId: randomUUID() })).toThrow();

    const again = admin(database, KEY, 'keys:reencrypt');
    expect([again.code, again.stdout]).toEqual([
      0,
      're-encrypted 0 signing keys and the secrets of 0 webhook endpoints; 0 signing keys and the secrets of 0 webhook endpoints remain in the first format (KEY_ENCRYPTION_READ_V1=false may now be set)\n',
    ]);
  }, 120_000);
});
