// The cursor of the events-by-barcode walk: the query it belongs to, the window end fixed by the first
// page and the last sequence served, sealed with AES-256-GCM under a key kept in the database (shared by
// every replica). A caller can neither read nor alter it: a changed byte fails authentication.
import { Injectable } from '@nestjs/common';
import { CursorSealer } from '@gateway/domain';

export interface EventsCursor {
  /** The query of the first page, as sent. */
  organizationId: string;
  barcode: string;
  timeWindowHours: number | null;
  startDate: string | null;
  endDate: string | null;
  /** The window end the first page resolved (exact UTC instant): "now" when endDate was omitted. */
  end: string;
  /** The commit-order horizon the first page fixed: the walk reads only below it. */
  horizon: string;
  /** The position (xid, sequence) of the last event served: the next page starts below it. */
  afterXid: string;
  after: number;
}

const PURPOSE = 'events-by-barcode cursor v2';

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
    typeof c.horizon === 'string' &&
    typeof c.afterXid === 'string' &&
    Number.isSafeInteger(c.after)
  );
}

@Injectable()
export class EventsCursorCodec {
  constructor(private readonly sealer: CursorSealer) {}

  seal(cursor: EventsCursor): Promise<string> {
    return this.sealer.seal(PURPOSE, cursor);
  }

  /** The cursor, or undefined when `token` is not one this service issued. */
  open(token: string): Promise<EventsCursor | undefined> {
    return this.sealer.open(PURPOSE, token, isCursor);
  }
}
