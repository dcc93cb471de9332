// Token signing keys: kept in Postgres (private half encrypted), one active at a time. A rotated-out
// key stays in the JWKS until every token it can have signed has expired.
import { Inject, Injectable } from '@nestjs/common';
import { CryptoKey, JWK, calculateJwkThumbprint, exportJWK, exportPKCS8, generateKeyPair, importPKCS8 } from 'jose';
import { Database, SigningKeyRepository, SigningKeyRow } from '@gateway/persistence';
import { AUTHORIZATION_SERVER_OPTIONS, AuthorizationServerOptions, CLOCK_SKEW_SECONDS, MAX_ACCESS_TOKEN_TTL_SECONDS } from '../auth.options';
import { decryptPrivateKey, encryptPrivateKey } from '../policies/key-encryption';

export interface ActiveSigningKey {
  kid: string;
  privateKey: CryptoKey;
}

export interface SigningKeySummary {
  kid: string;
  algorithm: string;
  createdAt: string;
  status: 'active' | 'published' | 'expired';
  publishUntil: string | null;
}

/** How long a signer keeps using the key it loaded before looking for a newer one. */
const ACTIVE_KEY_CACHE_MS = 30_000;

@Injectable()
export class SigningKeysService {
  private cached?: { key: ActiveSigningKey; loadedAt: number };

  constructor(
    private readonly db: Database,
    private readonly keys: SigningKeyRepository,
    @Inject(AUTHORIZATION_SERVER_OPTIONS) private readonly options: Pick<AuthorizationServerOptions, 'keyEncryptionKey' | 'readFirstFormat'>,
  ) {}

  /** The key to sign with, creating the first one when there is none. */
  async activeKey(): Promise<ActiveSigningKey> {
    if (this.cached && Date.now() - this.cached.loadedAt < ACTIVE_KEY_CACHE_MS) return this.cached.key;
    let row = await this.keys.active(this.db);
    if (!row)
      row = await this.db.transaction(async (tx) => {
        await this.keys.lock(tx);
        return (await this.keys.active(tx)) ?? (await this.create(tx));
      });
    const key = {
      kid: row.kid,
      privateKey: await importPKCS8(
        decryptPrivateKey(row.privateKeyCiphertext, this.options.keyEncryptionKey, { readFirstFormat: this.options.readFirstFormat ?? true }),
        'RS256',
      ),
    };
    this.cached = { key, loadedAt: Date.now() };
    return key;
  }

  /**
   * Why KEY_ENCRYPTION_KEY cannot be used with the stored keys, or undefined when it can: it must
   * decrypt every key still in use (the active one and those still published). Checked at the
   * public gateway's boot and before a rotation, so a wrong key is refused at once instead of
   * every token request failing later.
   */
  async keyEncryptionKeyProblem(): Promise<string | undefined> {
    const rows = await this.keys.published(this.db);
    const unreadable = rows.filter((row) => {
      try {
        decryptPrivateKey(row.privateKeyCiphertext, this.options.keyEncryptionKey);
        return false;
      } catch {
        return true;
      }
    });
    if (unreadable.length === 0) return undefined;
    return `does not decrypt ${unreadable.length} of the ${rows.length} stored signing keys (${unreadable.map((r) => r.kid).join(', ')}): it is not the key they were encrypted with`;
  }

  /** Adds a new active key; the others stop signing and stay published for the longest token lifetime. */
  async rotate(): Promise<SigningKeySummary> {
    const row = await this.db.transaction(async (tx) => {
      await this.keys.lock(tx);
      const created = await this.create(tx);
      await this.keys.retireAllBut(tx, created.kid, MAX_ACCESS_TOKEN_TTL_SECONDS + CLOCK_SKEW_SECONDS);
      return created;
    });
    this.cached = undefined;
    return summarize(row, new Date());
  }

  async list(): Promise<SigningKeySummary[]> {
    const now = new Date();
    return (await this.keys.all(this.db)).map((row) => summarize(row, now));
  }

  /** The public keys of the JWKS: never a private member. */
  async publishedJwks(): Promise<{ keys: JWK[] }> {
    const rows = await this.keys.published(this.db);
    return { keys: rows.map((row) => publicJwk(row.publicJwk)) };
  }

  private async create(tx: Parameters<SigningKeyRepository['insert']>[0]): Promise<SigningKeyRow> {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(jwk);
    const publicJwk = { kty: jwk.kty, n: jwk.n, e: jwk.e, kid, alg: 'RS256', use: 'sig' };
    const privateKeyCiphertext = encryptPrivateKey(await exportPKCS8(privateKey), this.options.keyEncryptionKey);
    await this.keys.insert(tx, { kid, algorithm: 'RS256', publicJwk, privateKeyCiphertext });
    return { kid, algorithm: 'RS256', publicJwk, privateKeyCiphertext, createdAt: new Date(), retiredAt: null, publishUntil: null };
  }
}

const PUBLIC_MEMBERS = ['kty', 'n', 'e', 'kid', 'alg', 'use'] as const;

/** A stored JWK's public members only (what the JWKS publishes and the gateways verify with). */
export function publicJwk(jwk: Record<string, unknown>): JWK {
  return Object.fromEntries(PUBLIC_MEMBERS.filter((m) => jwk[m] !== undefined).map((m) => [m, jwk[m]])) as JWK;
}

function summarize(row: SigningKeyRow, now: Date): SigningKeySummary {
  const status = row.retiredAt === null ? 'active' : row.publishUntil && row.publishUntil > now ? 'published' : 'expired';
  return { kid: row.kid, algorithm: row.algorithm, createdAt: row.createdAt.toISOString(), status, publishUntil: row.publishUntil?.toISOString() ?? null };
}
