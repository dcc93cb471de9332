// SQL of token signing keys: public JWK in clear, private key encrypted by the caller.
import { Injectable } from '@nestjs/common';
import { ADVISORY_LOCKS } from '../advisory-locks';
import { Queryable } from '../database';

export interface SigningKeyRow {
  kid: string;
  algorithm: 'RS256';
  publicJwk: Record<string, unknown>;
  privateKeyCiphertext: string;
  createdAt: Date;
  retiredAt: Date | null;
  publishUntil: Date | null;
}

interface Row {
  kid: string;
  algorithm: 'RS256';
  public_jwk: Record<string, unknown>;
  private_key_ciphertext: string;
  created_at: Date;
  retired_at: Date | null;
  publish_until: Date | null;
}

const toKey = (r: Row): SigningKeyRow => ({
  kid: r.kid,
  algorithm: r.algorithm,
  publicJwk: r.public_jwk,
  privateKeyCiphertext: r.private_key_ciphertext,
  createdAt: r.created_at,
  retiredAt: r.retired_at,
  publishUntil: r.publish_until,
});

@Injectable()
export class SigningKeyRepository {
  /** Serializes key creation and rotation across processes. */
  async lock(tx: Queryable): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.signingKeys]);
  }

  /** The key that signs: the newest one not retired. */
  async active(q: Queryable): Promise<SigningKeyRow | undefined> {
    const { rows } = await q.query<Row>('SELECT * FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC, kid LIMIT 1');
    return rows[0] && toKey(rows[0]);
  }

  /** The keys whose tokens may still be valid: active ones, and retired ones until publish_until. */
  async published(q: Queryable): Promise<SigningKeyRow[]> {
    const { rows } = await q.query<Row>('SELECT * FROM signing_keys WHERE retired_at IS NULL OR publish_until > now() ORDER BY created_at DESC, kid');
    return rows.map(toKey);
  }

  async all(q: Queryable): Promise<SigningKeyRow[]> {
    const { rows } = await q.query<Row>('SELECT * FROM signing_keys ORDER BY created_at DESC, kid');
    return rows.map(toKey);
  }

  async insert(tx: Queryable, key: Pick<SigningKeyRow, 'kid' | 'algorithm' | 'publicJwk' | 'privateKeyCiphertext'>): Promise<void> {
    await tx.query('INSERT INTO signing_keys (kid, algorithm, public_jwk, private_key_ciphertext) VALUES ($1, $2, $3, $4)', [
      key.kid,
      key.algorithm,
      JSON.stringify(key.publicJwk),
      key.privateKeyCiphertext,
    ]);
  }

  /** Retires every active key but `keepKid`, keeping each published for `publishSeconds` more. */
  async retireAllBut(tx: Queryable, keepKid: string, publishSeconds: number): Promise<void> {
    await tx.query(`UPDATE signing_keys SET retired_at = now(), publish_until = now() + make_interval(secs => $2) WHERE retired_at IS NULL AND kid <> $1`, [
      keepKid,
      publishSeconds,
    ]);
  }

  /** Every key whose private half is still in the first ciphertext format (`v1.`), expired ones included. */
  async legacyEncrypted(q: Queryable): Promise<Pick<SigningKeyRow, 'kid' | 'privateKeyCiphertext'>[]> {
    const { rows } = await q.query<Row>("SELECT kid, private_key_ciphertext FROM signing_keys WHERE private_key_ciphertext LIKE 'v1.%' ORDER BY kid");
    return rows.map((r) => ({ kid: r.kid, privateKeyCiphertext: r.private_key_ciphertext }));
  }

  /** Replaces a key's ciphertext if it is still `previous`; false when another writer changed it first. */
  async replaceCiphertext(q: Queryable, kid: string, previous: string, next: string): Promise<boolean> {
    const { rowCount } = await q.query('UPDATE signing_keys SET private_key_ciphertext = $3 WHERE kid = $1 AND private_key_ciphertext = $2', [
      kid,
      previous,
      next,
    ]);
    return rowCount === 1;
  }
}
