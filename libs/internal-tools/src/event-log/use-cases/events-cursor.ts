// The cursor of the events-by-barcode walk: the query it belongs to, the window end fixed by the first
// page and the last sequence served, sealed with AES-256-GCM under a key kept in the database (shared by
// every replica). A caller can neither read nor alter it: a changed byte fails authentication.
import { Injectable } from '@nestjs/common';
import { CursorSealer, cursorField, cursorShape } from '@gateway/domain';

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

const isCursor: (value: unknown) => value is EventsCursor = cursorShape({
  organizationId: cursorField.string,
  barcode: cursorField.string,
  timeWindowHours: cursorField.nullable(cursorField.number),
  startDate: cursorField.nullable(cursorField.string),
  endDate: cursorField.nullable(cursorField.string),
  end: cursorField.string,
  horizon: cursorField.string,
  afterXid: cursorField.string,
  after: cursorField.safeInteger,
});

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
