// Opaque cursors of every paged read: a JSON value sealed with AES-256-GCM under a key kept in the
// database (shared by every replica), with the read's name as additional data, so a cursor can be neither
// read, altered, forged nor used with another read: a changed byte fails authentication.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BadRequestProblem } from '@gateway/platform';
import { Database, ServerSecretRepository } from '@gateway/persistence';

/** The longest cursor a paged read accepts in its query string. */
export const MAX_CURSOR_LENGTH = 2048;

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
// The key's name dates from the first paged read; every read uses it, told apart by `purpose`.
const SECRET_NAME = 'events-by-barcode-cursor';

@Injectable()
export class CursorSealer {
  private key?: Promise<Buffer>;

  constructor(
    private readonly db: Database,
    private readonly secrets: ServerSecretRepository,
  ) {}

  async seal(purpose: string, value: unknown): Promise<string> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', await this.secret(), iv).setAAD(Buffer.from(purpose));
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The value, or undefined when `token` is not one this service sealed for `purpose` or fails `isValid`. */
  async open<T>(purpose: string, token: string, isValid: (value: unknown) => value is T): Promise<T | undefined> {
    if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
    const raw = Buffer.from(token, 'base64url');
    if (raw.length <= 1 + IV_BYTES + TAG_BYTES || raw[0] !== VERSION) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', await this.secret(), raw.subarray(1, 1 + IV_BYTES)).setAAD(Buffer.from(purpose));
      decipher.setAuthTag(raw.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES));
      const plain = Buffer.concat([decipher.update(raw.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      const value: unknown = JSON.parse(plain);
      return isValid(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The cursor a paged read was sent, held to the query it continues: a 400 problem on /query/cursor when this
   * read did not seal it, or when `sameQuery` says it belongs to another (`queryFields`: what must be sent again).
   */
  async openForQuery<T>(
    purpose: string,
    token: string,
    isValid: (value: unknown) => value is T,
    sameQuery: (cursor: T) => boolean,
    queryFields: string,
  ): Promise<T> {
    const cursor = await this.open(purpose, token, isValid);
    if (!cursor) throw new BadRequestProblem('The query is not valid.', [{ pointer: '/query/cursor', message: 'is not a cursor this service issued' }]);
    if (!sameQuery(cursor)) {
      throw new BadRequestProblem('The query is not valid.', [
        { pointer: '/query/cursor', message: `belongs to another query: send it with the ${queryFields} of the first page` },
      ]);
    }
    return cursor;
  }

  private secret(): Promise<Buffer> {
    this.key ??= this.secrets.getOrCreate(this.db, SECRET_NAME, randomBytes(32)).catch((error: unknown) => {
      this.key = undefined; // a failed read (database down) is retried by the next request
      throw error;
    });
    return this.key;
  }
}
