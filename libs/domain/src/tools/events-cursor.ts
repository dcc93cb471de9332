// The cursor of the events-by-barcode walk: the query it belongs to, the window end fixed by the first
// page and the last sequence served, sealed with AES-256-GCM under a key kept in the database (shared by
// every replica). A caller can neither read nor alter it: a changed byte fails authentication.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Database, ServerSecretRepository } from '@gateway/persistence';

export interface EventsCursor {
  /** The query of the first page, as sent. */
  organizationId: string;
  barcode: string;
  timeWindowHours: number | null;
  startDate: string | null;
  endDate: string | null;
  /** The window end the first page resolved (exact UTC instant): "now" when endDate was omitted. */
  end: string;
  /** The sequence of the last event served: the next page starts below it. */
  after: number;
}

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const AAD = Buffer.from('events-by-barcode cursor v1');
const SECRET_NAME = 'events-by-barcode-cursor';

function isCursor(value: unknown): value is EventsCursor {
  const c = value as EventsCursor;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.organizationId === 'string' &&
    typeof c.barcode === 'string' &&
    (c.timeWindowHours === null || typeof c.timeWindowHours === 'number') &&
    (c.startDate === null || typeof c.startDate === 'string') &&
    (c.endDate === null || typeof c.endDate === 'string') &&
    typeof c.end === 'string' &&
    Number.isSafeInteger(c.after)
  );
}

@Injectable()
export class EventsCursorCodec {
  private key?: Promise<Buffer>;

  constructor(
    private readonly db: Database,
    private readonly secrets: ServerSecretRepository,
  ) {}

  async seal(cursor: EventsCursor): Promise<string> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', await this.secret(), iv).setAAD(AAD);
    const body = Buffer.concat([cipher.update(JSON.stringify(cursor), 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The cursor, or undefined when `token` is not one this service sealed. */
  async open(token: string): Promise<EventsCursor | undefined> {
    if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
    const raw = Buffer.from(token, 'base64url');
    if (raw.length <= 1 + IV_BYTES + TAG_BYTES || raw[0] !== VERSION) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', await this.secret(), raw.subarray(1, 1 + IV_BYTES)).setAAD(AAD);
      decipher.setAuthTag(raw.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES));
      const plain = Buffer.concat([decipher.update(raw.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      const cursor: unknown = JSON.parse(plain);
      return isCursor(cursor) ? cursor : undefined;
    } catch {
      return undefined;
    }
  }

  private secret(): Promise<Buffer> {
    this.key ??= this.secrets.getOrCreate(this.db, SECRET_NAME, randomBytes(32)).catch((error: unknown) => {
      this.key = undefined; // a failed read (database down) is retried by the next request
      throw error;
    });
    return this.key;
  }
}
