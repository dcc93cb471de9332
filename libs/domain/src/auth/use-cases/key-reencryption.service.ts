// Rewrites the secrets still in the first ciphertext format (KEY_ENCRYPTION_KEY itself, no associated data)
// in the current one (a key per purpose, webhook secrets bound to their endpoint): the admin CLI's
// `keys:reencrypt`, run once every gateway runs a version that reads the current format. Idempotent, and safe
// beside running gateways: each row is replaced only if it is still what was read (a rotation meanwhile wins).
// Once none remains, KEY_ENCRYPTION_READ_V1=false stops the first format being read at all; the public gateway
// refuses to start with it while any row remains (firstFormatProblem).
import { Inject, Injectable } from '@nestjs/common';
import { Database, SigningKeyRepository, WebhookEndpointRepository } from '@gateway/persistence';
import { AUTHORIZATION_SERVER_OPTIONS, AuthorizationServerOptions } from '../auth.options';
import { decryptPrivateKey, decryptWebhookSecret, encryptPrivateKey, encryptWebhookSecret, isLegacyCiphertext } from '../policies/key-encryption';

export interface ReencryptionSummary {
  signingKeys: number;
  webhookEndpoints: number;
}

/** Endpoints read at once. */
const BATCH = 500;

@Injectable()
export class KeyReencryptionService {
  constructor(
    private readonly db: Database,
    private readonly signingKeys: SigningKeyRepository,
    private readonly endpoints: WebhookEndpointRepository,
    @Inject(AUTHORIZATION_SERVER_OPTIONS) private readonly options: Pick<AuthorizationServerOptions, 'keyEncryptionKey'>,
  ) {}

  /**
   * Why nothing can be re-encrypted under this KEY_ENCRYPTION_KEY (a first-format row it does not decrypt),
   * or undefined. Checked before anything is written.
   */
  async problem(): Promise<string | undefined> {
    const key = this.options.keyEncryptionKey;
    const unreadable: string[] = [];
    for (const row of await this.signingKeys.legacyEncrypted(this.db)) {
      if (!opens(() => decryptPrivateKey(row.privateKeyCiphertext, key))) unreadable.push(`signing key ${row.kid}`);
    }
    for await (const row of this.legacyEndpoints()) {
      const owner = { organizationId: row.organizationId, endpointId: row.id };
      const all = [row.secretCiphertext, ...(row.previousSecretCiphertext ? [row.previousSecretCiphertext] : [])];
      if (!all.every((c) => opens(() => decryptWebhookSecret(c, key, owner)))) unreadable.push(`webhook endpoint ${row.id}`);
    }
    if (unreadable.length === 0) return undefined;
    return `does not decrypt ${unreadable.slice(0, 5).join(', ')}${unreadable.length > 5 ? ` and ${unreadable.length - 5} more` : ''}: it is not the key they were encrypted with`;
  }

  /** The rows still in the first format. */
  async remaining(): Promise<ReencryptionSummary> {
    return {
      signingKeys: (await this.signingKeys.legacyEncrypted(this.db)).length,
      webhookEndpoints: await this.endpoints.countLegacyEncryptedSecrets(this.db),
    };
  }

  /** Why the first format cannot be refused yet (KEY_ENCRYPTION_READ_V1=false while rows remain in it), or undefined. */
  async firstFormatProblem(readFirstFormat: boolean): Promise<string | undefined> {
    if (readFirstFormat) return undefined;
    const left = await this.remaining();
    if (left.signingKeys + left.webhookEndpoints === 0) return undefined;
    return `is false, but ${describeReencryption(left)} still in the first ciphertext format: run \`admin keys:reencrypt\` first`;
  }

  /** Re-encrypts every first-format row; answers how many rows were rewritten. */
  async reencrypt(): Promise<ReencryptionSummary> {
    const key = this.options.keyEncryptionKey;
    let signingKeys = 0;
    for (const row of await this.signingKeys.legacyEncrypted(this.db)) {
      const next = encryptPrivateKey(decryptPrivateKey(row.privateKeyCiphertext, key), key);
      if (await this.signingKeys.replaceCiphertext(this.db, row.kid, row.privateKeyCiphertext, next)) signingKeys++;
    }
    let webhookEndpoints = 0;
    for await (const row of this.legacyEndpoints()) {
      const owner = { organizationId: row.organizationId, endpointId: row.id };
      const again = (c: string) => (isLegacyCiphertext(c) ? encryptWebhookSecret(decryptWebhookSecret(c, key, owner), key, owner) : c);
      const next = {
        secretCiphertext: again(row.secretCiphertext),
        previousSecretCiphertext: row.previousSecretCiphertext && again(row.previousSecretCiphertext),
      };
      if (await this.endpoints.replaceSecretCiphertexts(this.db, row, next)) webhookEndpoints++;
    }
    return { signingKeys, webhookEndpoints };
  }

  private async *legacyEndpoints() {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await this.endpoints.legacyEncryptedSecrets(this.db, after, BATCH);
      yield* rows;
      if (rows.length < BATCH) return;
      after = rows[rows.length - 1].id;
    }
  }
}

/** "2 signing keys and the secrets of 1 webhook endpoint". */
export function describeReencryption(summary: ReencryptionSummary): string {
  const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  return `${plural(summary.signingKeys, 'signing key')} and the secrets of ${plural(summary.webhookEndpoints, 'webhook endpoint')}`;
}

function opens(decrypt: () => string): boolean {
  try {
    decrypt();
    return true;
  } catch {
    return false;
  }
}
