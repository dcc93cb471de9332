// Endpoint signing secrets at rest, as a receiver on 127.0.0.1 sees them: a secret stored in the first format
// (KEY_ENCRYPTION_KEY itself, no associated data) still signs, and after re-encryption (keys:reencrypt's
// service) it is in the current format and signs the same; a current-format secret copied into another
// endpoint's row signs nothing there (bound to its organization and endpoint).
import { createCipheriv, randomBytes } from 'node:crypto';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { KeyReencryptionService, decryptWebhookSecret, parseKeyEncryptionKey } from '@gateway/domain';
import { SigningKeyRepository, WebhookEndpointRepository } from '@gateway/persistence';
import { SeededOrganization, TEST_KEY_ENCRYPTION_KEY, TestDatabase, createTestDatabase, fulfilment, seedOrganization, waitUntil } from '@gateway/testing';
import { mintToken } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const KEY = parseKeyEncryptionKey(TEST_KEY_ENCRYPTION_KEY);

/** What the first version wrote. */
function legacyEncrypt(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', KEY, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

describe('webhook endpoint secrets at rest', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let gateway: RunningGateway;
  let org: SeededOrganization;
  let token: string;
  let path = 0;

  const register = async () => {
    const hookPath = `/secrets/${++path}`;
    const res = await request(gateway.app.getHttpServer())
      .post(`/v0/organizations/${org.organizationId}/webhook-endpoints`)
      .set('Authorization', `Bearer ${token}`)
      .send({ url: receiver.url(hookPath), eventTypes: ['inventory_level.changed'] });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, secret: res.body.secret as string, path: hookPath };
  };
  const at = (hookPath: string) => receiver.received.filter((r) => r.path === hookPath);
  const change = () => fulfilment(database.db).receive({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode: org.barcodes[0] }, 1);
  const stored = async (id: string) =>
    (await database.db.query<{ secret_ciphertext: string }>('SELECT secret_ciphertext FROM webhook_endpoints WHERE id = $1', [id])).rows[0].secret_ciphertext;
  const disable = (id: string) => database.db.query("UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'MANUAL' WHERE id = $1", [id]);

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    gateway = await startPublicGateway(database.url, { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_DISPATCH_INTERVAL_MS: '100', WEBHOOK_RETRY_SCHEDULE: '1' });
    org = await seedOrganization(database.db);
    token = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: org.organizationId });
  });

  afterAll(async () => {
    await gateway.close();
    await receiver.close();
    await database.drop();
  });

  it('stores a new secret in the current format, bound to its endpoint', async () => {
    const endpoint = await register();
    const sealed = await stored(endpoint.id);
    expect(sealed.startsWith('v2.')).toBe(true);
    expect(decryptWebhookSecret(sealed, KEY, { organizationId: org.organizationId, endpointId: endpoint.id })).toBe(endpoint.secret);
    await disable(endpoint.id);
  });

  it('signs with a secret stored in the first format, and with the same secret once keys:reencrypt rewrote it', async () => {
    const endpoint = await register();
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    await database.db.query('UPDATE webhook_endpoints SET secret_ciphertext = $2 WHERE id = $1', [endpoint.id, legacyEncrypt(secret)]);
    await change();
    await waitUntil(() => at(endpoint.path).length === 1);
    const [before] = at(endpoint.path);
    expect(() => new Webhook(secret).verify(before.body, before.headers)).not.toThrow();

    const reencryption = new KeyReencryptionService(database.db, new SigningKeyRepository(), new WebhookEndpointRepository(), { keyEncryptionKey: KEY });
    expect(await reencryption.problem()).toBeUndefined();
    expect(await reencryption.reencrypt()).toEqual({ signingKeys: 0, webhookEndpoints: 1 });
    expect((await stored(endpoint.id)).startsWith('v2.')).toBe(true);
    expect(await reencryption.reencrypt()).toEqual({ signingKeys: 0, webhookEndpoints: 0 });

    await change();
    await waitUntil(() => at(endpoint.path).length === 2);
    const after = at(endpoint.path)[1];
    expect(() => new Webhook(secret).verify(after.body, after.headers)).not.toThrow();
    await disable(endpoint.id);
  });

  it("signs nothing with a secret copied from another endpoint's row: the attempt fails unsent", async () => {
    const source = await register();
    const target = await register();
    await database.db.query('UPDATE webhook_endpoints SET secret_ciphertext = $2 WHERE id = $1', [target.id, await stored(source.id)]);
    await change();
    await waitUntil(() => at(source.path).length === 1);
    const failed = async () =>
      (
        await database.db.query<{ status: string; response_status: number | null }>(
          'SELECT a.status, a.response_status FROM webhook_delivery_attempts a WHERE a.endpoint_id = $1 ORDER BY a.attempt',
          [target.id],
        )
      ).rows;
    const deadline = Date.now() + 15_000;
    while (!(await failed()).some((a) => a.status === 'FAILED') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await failed())[0]).toEqual({ status: 'FAILED', response_status: null });
    expect(at(target.path)).toEqual([]);
  });
});
