// The domain event log: append-only, written in the transaction of the change it records.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';

export interface NewDomainEvent {
  organizationId: string;
  type: string;
  aggregateType: string;
  aggregateId: string;
  warehouseId?: string | null;
  barcode?: string | null;
  payload: unknown;
  initiator?: string | null;
}

export interface DomainEventRow {
  id: string;
  sequence: number;
  /** The id of the transaction that appended it (xid8, as text): the first key of the commit order. */
  xid: string;
  type: string;
  /** RFC 3339, UTC, microseconds. */
  occurredAt: string;
  organizationId: string;
  warehouseId: string | null;
  barcode: string | null;
  aggregateType: string;
  aggregateId: string;
  initiator: string | null;
  payload: unknown;
}

export interface BarcodeEventsPage {
  organizationId: string;
  barcode: string;
  /** Exclusive upper bound of occurredAt: an RFC 3339 instant (endDate, or what resolveWindowEnd answered for now). */
  end: string;
  /** Inclusive lower bound of occurredAt: an instant, or a number of hours before `end`. */
  startDate?: string;
  timeWindowHours?: number;
  /** Only events of transactions below this one (a visibleHorizon() answer), all of which have ended. */
  horizon: string;
  /** Keyset: only events before this position in (xid, sequence) order. */
  before?: { xid: string; sequence: number };
  limit: number;
}

interface DbEventRow {
  id: string;
  sequence: string;
  xid: string;
  type: string;
  occurred_at: string;
  organization_id: string;
  warehouse_id: string | null;
  barcode: string | null;
  aggregate_type: string;
  aggregate_id: string;
  initiator: string | null;
  payload: unknown;
}

const toEventRow = (r: DbEventRow): DomainEventRow => ({
  id: r.id,
  sequence: Number(r.sequence),
  xid: r.xid,
  type: r.type,
  occurredAt: r.occurred_at,
  organizationId: r.organization_id,
  warehouseId: r.warehouse_id,
  barcode: r.barcode,
  aggregateType: r.aggregate_type,
  aggregateId: r.aggregate_id,
  initiator: r.initiator,
  payload: r.payload,
});

const CHUNK = 5000;
const UTC_MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
// xid is read as text (JavaScript has no 64-bit integer); ORDER BY must name domain_events.xid, since a bare
// `xid` is this text alias and sorts '1000' before '999'.
const EVENT_COLUMNS = `id, sequence, xid::text AS xid, type, to_char(occurred_at AT TIME ZONE 'UTC', ${UTC_MICROS}) AS occurred_at, organization_id, warehouse_id,
              barcode, aggregate_type, aggregate_id, initiator, payload`;

@Injectable()
export class DomainEventRepository {
  async append(q: Queryable, events: NewDomainEvent[]): Promise<void> {
    for (let start = 0; start < events.length; start += CHUNK) {
      const chunk = events.slice(start, start + CHUNK);
      await q.query(
        `INSERT INTO domain_events (id, organization_id, type, aggregate_type, aggregate_id, warehouse_id, barcode, payload, initiator)
         SELECT gen_random_uuid(), e.organization_id, e.type, e.aggregate_type, e.aggregate_id, e.warehouse_id, e.barcode, e.payload, e.initiator
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::text[])
           AS e(organization_id, type, aggregate_type, aggregate_id, warehouse_id, barcode, payload, initiator)`,
        [
          chunk.map((e) => e.organizationId),
          chunk.map((e) => e.type),
          chunk.map((e) => e.aggregateType),
          chunk.map((e) => e.aggregateId),
          chunk.map((e) => e.warehouseId ?? null),
          chunk.map((e) => e.barcode ?? null),
          chunk.map((e) => JSON.stringify(e.payload)),
          chunk.map((e) => e.initiator ?? null),
        ],
      );
    }
  }

  /**
   * The end of an events window as an exact UTC instant with microseconds: `endDate`, or the database's
   * clock now. Also says whether `startDate` lies after that end.
   */
  async resolveWindowEnd(q: Queryable, endDate: string | undefined, startDate: string | undefined): Promise<{ end: string; startAfterEnd: boolean }> {
    const { rows } = await q.query<{ end: string; start_after_end: boolean | null }>(
      `SELECT to_char(e AT TIME ZONE 'UTC', ${UTC_MICROS}) AS end, ($2::timestamptz > e) AS start_after_end
         FROM (SELECT COALESCE($1::timestamptz, clock_timestamp()) AS e) w`,
      [endDate ?? null, startDate ?? null],
    );
    return { end: rows[0].end, startAfterEnd: rows[0].start_after_end === true };
  }

  /**
   * The commit-order horizon: the oldest transaction still running. Every event of a transaction below it
   * is committed (or was rolled back), so reading only below it never shows an event before one that
   * committed earlier and is still invisible.
   */
  async visibleHorizon(q: Queryable): Promise<string> {
    const { rows } = await q.query<{ horizon: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon');
    return rows[0].horizon;
  }

  /**
   * The organizations with events queued for webhook fan-out (webhook_fanout_queue, filled by a trigger in the
   * transaction that appends them), one index probe each.
   */
  async organizationsQueuedForFanOut(q: Queryable): Promise<string[]> {
    const { rows } = await q.query<{ organization_id: string }>(
      `WITH RECURSIVE queued AS (
         (SELECT organization_id FROM webhook_fanout_queue ORDER BY organization_id LIMIT 1)
         UNION ALL
         SELECT (SELECT q.organization_id FROM webhook_fanout_queue q WHERE q.organization_id > queued.organization_id ORDER BY q.organization_id LIMIT 1)
           FROM queued WHERE queued.organization_id IS NOT NULL)
       SELECT organization_id FROM queued WHERE organization_id IS NOT NULL`,
    );
    return rows.map((r) => r.organization_id);
  }

  /** The sequences of up to `limit` of the organization's events queued for fan-out, oldest first. */
  async queuedForFanOut(q: Queryable, organizationId: string, limit: number): Promise<number[]> {
    const { rows } = await q.query<{ sequence: string }>('SELECT sequence FROM webhook_fanout_queue WHERE organization_id = $1 ORDER BY sequence LIMIT $2', [
      organizationId,
      limit,
    ]);
    return rows.map((r) => Number(r.sequence));
  }

  /** These events, by sequence, oldest first. */
  async bySequence(q: Queryable, sequences: number[]): Promise<DomainEventRow[]> {
    const { rows } = await q.query<DbEventRow>(
      `SELECT ${EVENT_COLUMNS} FROM domain_events WHERE sequence = ANY ($1::bigint[]) ORDER BY domain_events.sequence`,
      [sequences],
    );
    return rows.map(toEventRow);
  }

  /** Takes these events of the organization off the fan-out queue. */
  async dequeueFanOut(q: Queryable, organizationId: string, sequences: number[]): Promise<void> {
    if (sequences.length === 0) return;
    await q.query('DELETE FROM webhook_fanout_queue WHERE organization_id = $1 AND sequence = ANY ($2::bigint[])', [organizationId, sequences]);
  }

  /** One page of a barcode's events, newest first in commit order (xid, sequence), walking domain_events_barcode_idx. */
  async pageByBarcode(q: Queryable, page: BarcodeEventsPage): Promise<DomainEventRow[]> {
    const values: unknown[] = [page.organizationId, page.barcode, page.end, page.limit];
    values.push(page.horizon);
    const where = ['organization_id = $1', 'barcode = $2', 'occurred_at < $3::timestamptz', `xid < $${values.length}::xid8`];
    if (page.before !== undefined) {
      values.push(page.before.xid, page.before.sequence);
      where.push(`(xid, sequence) < ($${values.length - 1}::xid8, $${values.length}::bigint)`);
    }
    if (page.startDate !== undefined) {
      values.push(page.startDate);
      where.push(`occurred_at >= $${values.length}::timestamptz`);
    } else if (page.timeWindowHours !== undefined) {
      values.push(page.timeWindowHours);
      where.push(`occurred_at >= $3::timestamptz - $${values.length}::float8 * interval '1 hour'`);
    }
    const { rows } = await q.query<DbEventRow>(
      `SELECT ${EVENT_COLUMNS}
         FROM domain_events
        WHERE ${where.join(' AND ')}
        ORDER BY domain_events.xid DESC, domain_events.sequence DESC
        LIMIT $4`,
      values,
    );
    return rows.map(toEventRow);
  }
}
