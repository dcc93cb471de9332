// The Idempotency-Key protocol (contract section 4) for any creating operation: the first answer to a
// (client, key) pair is stored in the transaction that makes it, and replayed for the same request.
import { Injectable, Optional } from '@nestjs/common';
import { GatewayMetrics, ProblemException } from '@gateway/platform';
import { Queryable } from '@gateway/persistence';
import { IdempotencyRepository } from '@gateway/persistence-public';
import { requestFingerprint } from '../policies/request-fingerprint';

/** What identifies one idempotent request: whose key it is, the key, and what makes two requests the same. */
export interface IdempotentRequest {
  /** The owner of the key (the client id): the same key from another client is another request. */
  scope: string;
  /** The Idempotency-Key header's value; without one, the work simply runs. */
  key: string | undefined;
  /** The operation id (metrics label and part of the fingerprint). */
  operation: string;
  /** The path parameters and the body: a stored key with another of these is a 422. */
  path: string[];
  body: unknown;
  /** The status of the first answer, stored with it. */
  status: number;
}

export interface IdempotentOutcome<T> {
  record: T;
  /** True when the answer is the replay of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
  /** For a replay, the first answer's body exactly as it was written: the replay sends these bytes. */
  replayText?: string;
}

/** 422: the key's stored answer is of another request. */
export function keyReused(): ProblemException {
  return new ProblemException(422, 'This Idempotency-Key was already used with a different request.', { type: 'idempotency-key-reused' });
}

/** 409 with Retry-After: the key's first request is still running. */
export function keyInFlight(): ProblemException {
  return new ProblemException(409, 'A request with this Idempotency-Key is still being processed; retry it shortly.', {
    type: 'idempotency-key-in-flight',
    headers: { 'Retry-After': '1' },
  });
}

/** The answer stored for the key, replayed byte for byte; 422 when it was another request's. */
export function replayStored<T>(
  earlier: { requestFingerprint: string; responseText: string },
  fingerprint: string | undefined,
  operation: string,
  metrics?: GatewayMetrics,
): IdempotentOutcome<T> {
  if (earlier.requestFingerprint !== fingerprint) throw keyReused();
  metrics?.idempotentReplays.inc({ operation });
  return { record: JSON.parse(earlier.responseText) as T, replayed: true, replayText: earlier.responseText };
}

@Injectable()
export class IdempotencyService {
  constructor(
    private readonly records: IdempotencyRepository,
    @Optional() private readonly metrics?: GatewayMetrics,
  ) {}

  /**
   * Runs `work` in `tx` once per (scope, key): a stored answer is replayed (422 when the request differs),
   * a key whose first request is still running is a 409 with Retry-After. The answer is stored in `tx`, so
   * it exists exactly when the work committed; the lock goes with the transaction, so a crash leaves nothing.
   */
  async run<T>(tx: Queryable, request: IdempotentRequest, work: () => Promise<T>): Promise<IdempotentOutcome<T>> {
    const { scope, key } = request;
    if (key === undefined) return { record: await work(), replayed: false };
    const fingerprint = requestFingerprint(request.operation, request.path, request.body);
    const locked = await this.records.tryLock(tx, scope, key);
    // A stored answer is final: it is replayed whether or not another request with the key holds
    // the lock (replays of one key do not wait for each other); only a key with no answer yet is in flight.
    const earlier = await this.records.find(tx, scope, key);
    if (earlier) {
      if (earlier.requestFingerprint !== fingerprint) throw keyReused();
      this.metrics?.idempotentReplays.inc({ operation: request.operation });
      return { record: earlier.responseBody as T, replayed: true, replayText: earlier.responseText };
    }
    if (!locked) throw keyInFlight();
    const record = await work();
    await this.records.save(tx, scope, key, { requestFingerprint: fingerprint, responseStatus: request.status, responseBody: record });
    return { record, replayed: false };
  }
}
