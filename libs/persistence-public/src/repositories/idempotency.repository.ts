// Idempotency records of sales-order creation: the first answer to a (client, key) pair, kept for replay.
import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Queryable } from '@gateway/persistence';

export interface IdempotencyRecord {
  requestFingerprint: string;
  responseStatus: number;
  responseBody: unknown;
  createdAt: Date;
}

export interface StoredIdempotencyRecord extends IdempotencyRecord {
  /** The body exactly as stored (the text of the first answer), for a byte-identical replay. */
  responseText: string;
}

/** A 64-bit advisory-lock key for one (client, key) pair. */
export function idempotencyLockKey(clientId: string, key: string): string {
  return createHash('sha256').update(`${clientId}\u0000${key}`).digest().readBigInt64BE(0).toString();
}

@Injectable()
export class IdempotencyRepository {
  /**
   * Takes the pair's transaction-scoped lock without waiting. False means another request with the same
   * key is in flight. The lock goes with the transaction, so a crashed request leaves nothing behind.
   */
  async tryLock(tx: Queryable, clientId: string, key: string): Promise<boolean> {
    const { rows } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1::bigint) AS locked', [idempotencyLockKey(clientId, key)]);
    return rows[0].locked;
  }

  async find(q: Queryable, clientId: string, key: string): Promise<StoredIdempotencyRecord | undefined> {
    const { rows } = await q.query<{ request_fingerprint: string; response_status: number; response_text: string; created_at: Date }>(
      `SELECT request_fingerprint, response_status, response_body::text AS response_text, created_at
         FROM idempotency_records WHERE client_id = $1 AND idempotency_key = $2 AND state = 'COMPLETED'`,
      [clientId, key],
    );
    const row = rows[0];
    return (
      row && {
        requestFingerprint: row.request_fingerprint,
        responseStatus: row.response_status,
        responseBody: JSON.parse(row.response_text),
        responseText: row.response_text,
        createdAt: row.created_at,
      }
    );
  }

  /** Stores the answer as the text JSON.stringify gives, the text the first answer is written with. */
  async save(tx: Queryable, clientId: string, key: string, record: Omit<IdempotencyRecord, 'createdAt'>): Promise<void> {
    await tx.query(
      `INSERT INTO idempotency_records (client_id, idempotency_key, request_fingerprint, state, response_status, response_body, completed_at)
       VALUES ($1, $2, $3, 'COMPLETED', $4, $5, now())`,
      [clientId, key, record.requestFingerprint, record.responseStatus, JSON.stringify(record.responseBody)],
    );
  }

  /** Deletes records older than the retention; returns how many. */
  async purgeOlderThan(q: Queryable, retentionDays: number): Promise<number> {
    const { rowCount } = await q.query(`DELETE FROM idempotency_records WHERE created_at < now() - make_interval(days => $1)`, [retentionDays]);
    return rowCount ?? 0;
  }
}
