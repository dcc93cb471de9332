// Reading a barcode's domain events, newest first, in keyset pages. The first page fixes the window
// (its end defaults to now); the cursor carries it, so a walk neither skips nor repeats an event while
// new ones are appended, and a cursor is refused with any other query.
import { Injectable } from '@nestjs/common';
import { BadRequestProblem, NotFoundProblem, ProblemFieldError } from '@gateway/platform';
import { Database, DomainEventRepository, OrganizationRepository, ReplicaReads } from '@gateway/persistence';
import { DomainEventDto, DomainEventPageDto } from '../dto/domain-event-page.dto';
import { EVENTS_PAGE_LIMIT, EventsByBarcodeQuery } from '../dto/events-by-barcode.query';
import { EventsCursor, EventsCursorCodec } from './events-cursor';

@Injectable()
export class EventsByBarcodeService {
  constructor(
    private readonly db: Database,
    /** The event history may lag (contract section 8): the replica's when there is one. */
    private readonly replicaReads: ReplicaReads,
    private readonly organizations: OrganizationRepository,
    private readonly events: DomainEventRepository,
    private readonly cursors: EventsCursorCodec,
  ) {}

  async page(query: EventsByBarcodeQuery): Promise<DomainEventPageDto> {
    const organizationId = query.organizationId.toLowerCase();
    const asSent = {
      organizationId,
      barcode: query.barcode,
      timeWindowHours: query.timeWindowHours ?? null,
      startDate: query.startDate ?? null,
      endDate: query.endDate ?? null,
    };
    const problems: ProblemFieldError[] = [];
    if (query.timeWindowHours !== undefined && query.startDate !== undefined) {
      problems.push({ pointer: '/query/timeWindowHours', message: 'cannot be combined with startDate: it counts back from endDate (or now)' });
    }
    let cursor: EventsCursor | undefined;
    if (query.cursor !== undefined) {
      cursor = await this.cursors.open(query.cursor);
      if (!cursor) problems.push({ pointer: '/query/cursor', message: 'is not a cursor this service issued' });
      else if (!sameQuery(cursor, asSent)) {
        problems.push({
          pointer: '/query/cursor',
          message: 'belongs to another query: send it with the organizationId, barcode, timeWindowHours, startDate and endDate of the first page',
        });
      }
    }
    if (problems.length > 0) throw new BadRequestProblem('The query is not valid.', problems);
    if (!(await this.organizations.find(this.db, organizationId))) throw new NotFoundProblem('The organization does not exist.');

    // The window end: endDate as sent, else "now" as the first page read it (carried by the cursor).
    let end: string;
    if (cursor) end = query.endDate ?? cursor.end;
    else {
      const window = await this.events.resolveWindowEnd(this.db, query.endDate, query.startDate);
      if (window.startAfterEnd) {
        throw new BadRequestProblem('The query is not valid.', [
          { pointer: '/query/startDate', message: query.endDate === undefined ? 'must not be after now (endDate is omitted)' : 'must not be after endDate' },
        ]);
      }
      end = query.endDate ?? window.end;
    }

    // The first page fixes the commit-order horizon too: the walk shows the same events whenever it goes on.
    // The horizon and the page are read in one snapshot of the server that answers (a replica's horizon is what
    // it has replayed); a later page on a server that has not yet replayed up to the walk's horizon (another
    // replica, further behind) would miss events below it, so that page is read on the primary.
    const limit = query.limit ?? EVENTS_PAGE_LIMIT.default;
    const { horizon, rows } = await this.replicaReads.transaction(async (tx) => {
      const seen = await this.events.visibleHorizon(tx);
      const horizon = cursor?.horizon ?? seen;
      const source = BigInt(horizon) <= BigInt(seen) ? tx : this.db;
      const rows = await this.events.pageByBarcode(source, {
        organizationId,
        barcode: query.barcode,
        end,
        startDate: query.startDate,
        timeWindowHours: query.timeWindowHours,
        horizon,
        before: cursor ? { xid: cursor.afterXid, sequence: cursor.after } : undefined,
        limit: limit + 1,
      });
      return { horizon, rows };
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > limit ? await this.cursors.seal({ ...asSent, end, horizon, afterXid: last.xid, after: last.sequence }) : null;
    const items: DomainEventDto[] = page.map(({ xid: _xid, ...event }) => event as DomainEventDto);
    return { items, nextCursor };
  }
}

function sameQuery(cursor: EventsCursor, query: Omit<EventsCursor, 'end' | 'horizon' | 'afterXid' | 'after'>): boolean {
  return (
    cursor.organizationId === query.organizationId &&
    cursor.barcode === query.barcode &&
    cursor.timeWindowHours === query.timeWindowHours &&
    cursor.startDate === query.startDate &&
    cursor.endDate === query.endDate
  );
}
