// GET /internal-tools/events/by-barcode: keyset pages newest first, a window fixed by the first page,
// sealed cursors bound to their query, and validation of every query parameter; every answer checked
// against the served document.
import { randomUUID } from 'node:crypto';
import { DomainEventRepository } from '@gateway/persistence';
import { SeededOrganization, seedOrganization } from '@gateway/testing';
import { as, internalAndPublicTokens, useInternalGateway } from './support/start-internal-gateway';

const MISSING = '00000000-0000-4000-8000-000000000000';
const PATH = '/internal-tools/events/by-barcode';

interface Page {
  items: { id: string; sequence: number; type: string; occurredAt: string; barcode: string; payload: Record<string, unknown> }[];
  nextCursor: string | null;
}

describe('internal gateway: events by barcode', () => {
  const { database, gateway } = useInternalGateway();
  let tokens: { internal: string; public: string };
  let org: SeededOrganization;
  let other: SeededOrganization;
  /** The barcode with the 250 events. */
  let busy: string;
  const repository = new DomainEventRepository();

  const api = () => as(gateway, tokens.internal);
  const query = (params: Record<string, string | number>) =>
    `${PATH}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
  const get = (params: Record<string, string | number>) => api().get(query(params));

  async function append(organizationId: string, barcode: string, count: number, type = 'TestHappened') {
    await repository.append(
      database.db,
      Array.from({ length: count }, (_, i) => ({ organizationId, type, aggregateType: 'Test', aggregateId: `agg-${i}`, barcode, payload: { n: i } })),
    );
  }

  /** Inserts one event with the given time (default: the clock now) and sequence (default: the next), as only a test may. */
  async function insertAt(organizationId: string, barcode: string, occurredAt: string | null, sequence?: number): Promise<string> {
    const id = randomUUID();
    await database.db.query(
      `INSERT INTO domain_events (sequence, id, organization_id, type, aggregate_type, aggregate_id, barcode, payload, occurred_at)
       VALUES (COALESCE($5::bigint, nextval('domain_events_sequence_seq')), $1, $2, 'Dated', 'Test', 'a', $3, '{}', COALESCE($4::timestamptz, clock_timestamp()))`,
      [id, organizationId, barcode, occurredAt, sequence ?? null],
    );
    return id;
  }

  const allSequences = async (organizationId: string, barcode: string) =>
    (
      await database.db.query('SELECT sequence FROM domain_events WHERE organization_id = $1 AND barcode = $2 ORDER BY xid DESC, sequence DESC', [
        organizationId,
        barcode,
      ])
    ).rows.map((r) => Number(r.sequence));

  /**
   * Walks until `count` events show: the horizon is the oldest transaction running in the whole cluster, and
   * other test files' transactions may hold it back for a moment.
   */
  async function walkUntil(params: Record<string, string | number>, count: number): Promise<Page[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { pages } = await walk(params);
      if (pages.flatMap((p) => p.items).length >= count || Date.now() > deadline) return pages;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Follows nextCursor to the end; `between` runs after each page. */
  async function walk(params: Record<string, string | number>, between?: () => Promise<void>): Promise<{ pages: Page[]; sequences: number[] }> {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: Page } = await get(cursor ? { ...params, cursor } : params).expect(200);
      pages.push(res.body);
      cursor = res.body.nextCursor;
      if (between) await between();
    } while (cursor !== null && pages.length < 1000);
    return { pages, sequences: pages.flatMap((p) => p.items.map((i) => i.sequence)) };
  }

  beforeAll(async () => {
    tokens = await internalAndPublicTokens(gateway.issuer, database.url);
    org = await seedOrganization(database.db);
    other = await seedOrganization(database.db);
    // Barcodes of their own, so that no event of the seeding import is among them.
    busy = 'BUSY-1';
    await append(org.organizationId, busy, 250);
    // The same barcode text in another organization, and another barcode: never in the answers.
    await append(other.organizationId, busy, 30);
    await append(org.organizationId, 'FIVE-1', 5);
  });

  describe('pages', () => {
    it('answers the newest events first, with the item shape of the document', async () => {
      const res = await get({ organizationId: org.organizationId, barcode: busy, limit: 3 }).expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const expected = (await allSequences(org.organizationId, busy)).slice(0, 3);
      expect(res.body.items.map((i: { sequence: number }) => i.sequence)).toEqual(expected);
      const row = (await database.db.query('SELECT id, occurred_at FROM domain_events WHERE sequence = $1', [expected[0]])).rows[0];
      expect(res.body.items[0]).toEqual({
        id: row.id,
        sequence: expected[0],
        type: 'TestHappened',
        occurredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
        organizationId: org.organizationId,
        warehouseId: null,
        barcode: busy,
        aggregateType: 'Test',
        aggregateId: 'agg-249',
        initiator: null,
        payload: { n: 249 },
      });
      expect(new Date(res.body.items[0].occurredAt).getTime()).toBe((row.occurred_at as Date).getTime());
      expect(typeof res.body.nextCursor).toBe('string');
    });

    it('serves 20 events by default and at most 100', async () => {
      expect((await get({ organizationId: org.organizationId, barcode: busy }).expect(200)).body.items).toHaveLength(20);
      expect((await get({ organizationId: org.organizationId, barcode: busy, limit: 100 }).expect(200)).body.items).toHaveLength(100);
    });

    it('walks 250 events 7 at a time, neither skipping nor repeating one, and ends with nextCursor null', async () => {
      const { pages, sequences } = await walk({ organizationId: org.organizationId, barcode: busy, limit: 7 });
      expect(sequences).toEqual(await allSequences(org.organizationId, busy));
      expect(sequences).toHaveLength(250);
      expect(pages).toHaveLength(36);
      expect(pages.slice(0, -1).every((p) => p.items.length === 7 && p.nextCursor !== null)).toBe(true);
      expect(pages[35]).toEqual({ items: expect.any(Array), nextCursor: null });
      expect(pages[35].items).toHaveLength(250 - 35 * 7);
    });

    it('answers nextCursor null when the last page is exactly full', async () => {
      const { pages, sequences } = await walk({ organizationId: org.organizationId, barcode: 'FIVE-1', limit: 5 });
      expect(sequences).toHaveLength(5);
      // One full page, and no empty page after it.
      expect(pages).toHaveLength(1);
      expect(pages[0].nextCursor).toBeNull();
    });

    it('keeps the walk of the first page while events are appended between pages', async () => {
      const fresh = await seedOrganization(database.db);
      const barcode = 'WALK-1';
      await append(fresh.organizationId, barcode, 120);
      const before = await allSequences(fresh.organizationId, barcode);
      const { sequences } = await walk({ organizationId: fresh.organizationId, barcode, limit: 7 }, () =>
        append(fresh.organizationId, barcode, 2, 'AppendedMeanwhile'),
      );
      expect(sequences).toEqual(before);
      expect(new Set(sequences).size).toBe(sequences.length);
      // The appended ones are there for the next walk, newest first.
      const next = await get({ organizationId: fresh.organizationId, barcode, limit: 1 }).expect(200);
      expect(next.body.items[0].type).toBe('AppendedMeanwhile');
    });

    it('misses nothing when two transactions commit out of order: the later commit never sorts below what a reader saw', async () => {
      const fresh = await seedOrganization(database.db);
      const barcode = 'LATE-1';
      const seen = async () => {
        const { sequences } = await walk({ organizationId: fresh.organizationId, barcode, limit: 100 });
        return sequences;
      };
      // The first transaction appends and stays open; the second appends after it (a higher sequence) and commits first.
      const early = await database.db.pool.connect();
      try {
        await early.query('BEGIN');
        await repository.append(early, [
          { organizationId: fresh.organizationId, type: 'CommittedLate', aggregateType: 'Test', aggregateId: 'a', barcode, payload: {} },
        ]);
        await append(fresh.organizationId, barcode, 1, 'CommittedFirst');
        // While the first is open, neither shows: the second is above the oldest running transaction.
        expect(await seen()).toEqual([]);
        const continued = await get({ organizationId: fresh.organizationId, barcode, limit: 1 }).expect(200);
        expect(continued.body.items).toEqual([]);
        await early.query('COMMIT');
      } finally {
        early.release();
      }
      const types = (await walkUntil({ organizationId: fresh.organizationId, barcode }, 2)).flatMap((p) => p.items).map((i) => i.type);
      // Newest first in commit order: the first transaction's event is below the second's, and both are seen.
      expect(types).toEqual(['CommittedFirst', 'CommittedLate']);
    });

    it('a walk started while a transaction is open goes on without it and a later walk sees it, newest first above what was seen', async () => {
      const fresh = await seedOrganization(database.db);
      const barcode = 'LATE-2';
      await append(fresh.organizationId, barcode, 3, 'Before');
      await walkUntil({ organizationId: fresh.organizationId, barcode }, 3);
      const early = await database.db.pool.connect();
      let firstWalk: number[];
      try {
        await early.query('BEGIN');
        await repository.append(early, [{ organizationId: fresh.organizationId, type: 'Late', aggregateType: 'Test', aggregateId: 'a', barcode, payload: {} }]);
        const { sequences } = await walk({ organizationId: fresh.organizationId, barcode, limit: 1 }, async () => {
          await early.query('COMMIT').catch(() => undefined);
        });
        firstWalk = sequences;
      } finally {
        early.release();
      }
      expect(firstWalk).toHaveLength(3);
      const second = (await walkUntil({ organizationId: fresh.organizationId, barcode, limit: 100 }, 4)).flatMap((p) => p.items);
      expect(second.map((i) => i.type)).toEqual(['Late', 'Before', 'Before', 'Before']);
      expect(second.slice(1).map((i) => i.sequence)).toEqual(firstWalk);
    });

    it('answers an empty page for a barcode without events, and 404 for an unknown organization', async () => {
      expect((await get({ organizationId: org.organizationId, barcode: 'NO-EVENTS' }).expect(200)).body).toEqual({ items: [], nextCursor: null });
      const missing = await get({ organizationId: MISSING, barcode: busy }).expect(404);
      expect(missing.body).toEqual({ type: '/problems/not-found', title: 'Not Found', status: 404, detail: 'The organization does not exist.' });
    });

    it('accepts the organization id in upper case', async () => {
      const res = await get({ organizationId: org.organizationId.toUpperCase(), barcode: busy, limit: 2 }).expect(200);
      expect(res.body.items[0].organizationId).toBe(org.organizationId);
      await get({ organizationId: org.organizationId.toUpperCase(), barcode: busy, limit: 2, cursor: res.body.nextCursor }).expect(200);
    });
  });

  describe('the time window', () => {
    let dated: SeededOrganization;
    let barcode: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      dated = await seedOrganization(database.db);
      barcode = 'DATED-1';
      for (const at of [
        '2026-01-01T00:00:00Z',
        '2026-01-02T00:00:00Z',
        '2026-01-02T12:00:00.000001Z',
        '2026-01-03T00:00:00Z',
        '2026-01-03T23:00:00Z',
        '2026-01-04T00:00:00Z',
      ]) {
        ids[at] = await insertAt(dated.organizationId, barcode, at);
      }
    });

    const idsOf = (res: { body: Page }) => res.body.items.map((i) => i.id);

    it('takes startDate inclusive and endDate exclusive', async () => {
      const res = await get({ organizationId: dated.organizationId, barcode, startDate: '2026-01-02T00:00:00Z', endDate: '2026-01-04T00:00:00Z' }).expect(200);
      expect(idsOf(res)).toEqual([ids['2026-01-03T23:00:00Z'], ids['2026-01-03T00:00:00Z'], ids['2026-01-02T12:00:00.000001Z'], ids['2026-01-02T00:00:00Z']]);
    });

    it('reads time zones and microseconds exactly', async () => {
      const res = await get({
        organizationId: dated.organizationId,
        barcode,
        startDate: '2026-01-02T13:00:00.000001+01:00',
        endDate: '2026-01-02T12:00:00.000002Z',
      }).expect(200);
      expect(idsOf(res)).toEqual([ids['2026-01-02T12:00:00.000001Z']]);
      expect(res.body.items[0].occurredAt).toBe('2026-01-02T12:00:00.000001Z');
    });

    it('counts timeWindowHours back from endDate', async () => {
      const res = await get({ organizationId: dated.organizationId, barcode, endDate: '2026-01-03T23:00:00Z', timeWindowHours: 23 }).expect(200);
      expect(idsOf(res)).toEqual([ids['2026-01-03T00:00:00Z']]);
      const half = await get({ organizationId: dated.organizationId, barcode, endDate: '2026-01-02T12:30:00Z', timeWindowHours: 0.5 }).expect(200);
      expect(idsOf(half)).toEqual([ids['2026-01-02T12:00:00.000001Z']]);
    });

    it('counts timeWindowHours back from now when endDate is omitted', async () => {
      const recent = await seedOrganization(database.db);
      const now = (await database.db.query<{ now: Date }>('SELECT now() AS now')).rows[0].now.getTime();
      const inside = await insertAt(recent.organizationId, 'RECENT-1', new Date(now - 2 * 3600_000).toISOString());
      await insertAt(recent.organizationId, 'RECENT-1', new Date(now - 30 * 3600_000).toISOString());
      const res = await get({ organizationId: recent.organizationId, barcode: 'RECENT-1', timeWindowHours: 24 }).expect(200);
      expect(idsOf(res)).toEqual([inside]);
    });

    it('keeps the window end of the first page for the whole walk', async () => {
      const pinned = await seedOrganization(database.db);
      const code = 'PINNED-1';
      await append(pinned.organizationId, code, 2);
      // A free sequence number between the older two events and the newer two.
      const gap = Number((await database.db.query("SELECT nextval('domain_events_sequence_seq') AS s")).rows[0].s);
      await append(pinned.organizationId, code, 2);
      const walked = await allSequences(pinned.organizationId, code);
      const first = await get({ organizationId: pinned.organizationId, barcode: code, limit: 2, timeWindowHours: 1 }).expect(200);
      expect(first.body.items.map((i: { sequence: number }) => i.sequence)).toEqual(walked.slice(0, 2));
      // An event that occurs after the first page (clock now) but sorts below its cursor, like one whose
      // transaction committed late: a window re-read at "now" would take it in; the fixed window must not.
      const late = await insertAt(pinned.organizationId, code, null, gap);
      const rest = await get({ organizationId: pinned.organizationId, barcode: code, limit: 100, timeWindowHours: 1, cursor: first.body.nextCursor }).expect(
        200,
      );
      expect(rest.body.items.map((i: { sequence: number }) => i.sequence)).toEqual(walked.slice(2));
      expect(rest.body.items.map((i: { id: string }) => i.id)).not.toContain(late);
      // A new walk takes it.
      const fresh = await get({
        organizationId: pinned.organizationId,
        barcode: code,
        limit: 100,
        endDate: new Date(Date.now() + 3600_000).toISOString(),
      }).expect(200);
      expect(fresh.body.items.map((i: { id: string }) => i.id)).toContain(late);
    });

    it('walks a window page by page', async () => {
      const { sequences } = await walk({
        organizationId: dated.organizationId,
        barcode,
        limit: 2,
        startDate: '2026-01-01T00:00:00Z',
        endDate: '2026-01-03T23:00:00Z',
      });
      expect(sequences).toHaveLength(4);
    });

    it.each([
      [
        { timeWindowHours: 24, startDate: '2026-01-01T00:00:00Z' },
        [{ pointer: '/query/timeWindowHours', message: 'cannot be combined with startDate: it counts back from endDate (or now)' }],
      ],
      [{ startDate: '2026-01-03T00:00:00Z', endDate: '2026-01-02T00:00:00Z' }, [{ pointer: '/query/startDate', message: 'must not be after endDate' }]],
      [{ startDate: '2999-01-01T00:00:00Z' }, [{ pointer: '/query/startDate', message: 'must not be after now (endDate is omitted)' }]],
    ])('refuses the window %j with a 400 problem', async (window, errors) => {
      const res = await get({ organizationId: dated.organizationId, barcode, ...window }).expect(400);
      expect(res.body).toEqual({ type: '/problems/validation-failed', title: 'Bad Request', status: 400, detail: 'The query is not valid.', errors });
    });

    it('accepts startDate equal to endDate (an empty window)', async () => {
      expect(
        (await get({ organizationId: dated.organizationId, barcode, startDate: '2026-01-02T00:00:00Z', endDate: '2026-01-02T00:00:00Z' }).expect(200)).body,
      ).toEqual({ items: [], nextCursor: null });
    });
  });

  describe('cursors', () => {
    let cursor: string;
    const firstQuery = () => ({ organizationId: org.organizationId, barcode: busy, limit: 5, timeWindowHours: 48 });

    beforeAll(async () => {
      cursor = (await get(firstQuery()).expect(200)).body.nextCursor;
    });

    const refused = async (params: Record<string, string | number>, message: string) => {
      const res = await get(params).expect(400);
      expect(res.body).toEqual({
        type: '/problems/validation-failed',
        title: 'Bad Request',
        status: 400,
        detail: 'The query is not valid.',
        errors: [{ pointer: '/query/cursor', message }],
      });
    };
    const OTHER_QUERY = 'belongs to another query: send it with the organizationId, barcode, timeWindowHours, startDate and endDate of the first page';
    const NOT_OURS = 'is not a cursor this service issued';

    it('is opaque: nothing of the query or the position shows through', () => {
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      const decoded = Buffer.from(cursor, 'base64url').toString('latin1');
      for (const secret of [org.organizationId, busy, '"after"', 'timeWindowHours']) expect(decoded).not.toContain(secret);
    });

    it('continues with the same query, even with another limit', async () => {
      const res = await get({ ...firstQuery(), limit: 9, cursor }).expect(200);
      const all = await allSequences(org.organizationId, busy);
      expect(res.body.items.map((i: { sequence: number }) => i.sequence)).toEqual(all.slice(5, 14));
    });

    it('is refused for another organization, even one whose events have the same barcode', async () => {
      await refused({ ...firstQuery(), organizationId: other.organizationId, cursor }, OTHER_QUERY);
    });

    it('is refused for another barcode or another window', async () => {
      await refused({ ...firstQuery(), barcode: org.barcodes[0], cursor }, OTHER_QUERY);
      await refused({ ...firstQuery(), timeWindowHours: 24, cursor }, OTHER_QUERY);
      await refused({ organizationId: org.organizationId, barcode: busy, cursor }, OTHER_QUERY);
      await refused({ ...firstQuery(), endDate: '2099-01-01T00:00:00Z', cursor }, OTHER_QUERY);
    });

    it('is refused when altered in any byte, truncated, or made up', async () => {
      const raw = Buffer.from(cursor, 'base64url');
      for (const index of [0, 1, 13, 29, raw.length - 1]) {
        const forged = Buffer.from(raw);
        forged[index] ^= 0x01;
        await refused({ ...firstQuery(), cursor: forged.toString('base64url') }, NOT_OURS);
      }
      await refused({ ...firstQuery(), cursor: cursor.slice(0, -4) }, NOT_OURS);
      await refused(
        { ...firstQuery(), cursor: Buffer.from(JSON.stringify({ organizationId: other.organizationId, barcode: busy, after: 999999 })).toString('base64url') },
        NOT_OURS,
      );
      await refused({ ...firstQuery(), cursor: 'not a cursor!' }, NOT_OURS);
      await refused({ ...firstQuery(), cursor: 'x'.repeat(2049) }, 'must be a cursor from nextCursor');
    });
  });

  describe('validation', () => {
    const base = () => ({ organizationId: org.organizationId, barcode: busy });
    const problem = (errors: { pointer: string; message: string }[]) => ({
      type: '/problems/validation-failed',
      title: 'Bad Request',
      status: 400,
      detail: 'The query is not valid.',
      errors,
    });
    const LIMIT = 'must be an integer from 1 to 100';
    const HOURS = 'must be a number more than 0 and at most 8784';
    const DATE = 'must be an RFC 3339 date-time with a time zone (offset at most 15:59 either way), e.g. 2026-09-18T10:15:00Z';

    it.each([
      [{ barcode: 'B-1' }, [{ pointer: '/query/organizationId', message: 'is required' }]],
      [{ organizationId: 'abc', barcode: 'B-1' }, [{ pointer: '/query/organizationId', message: 'must be a UUID' }]],
      [{ organizationId: MISSING }, [{ pointer: '/query/barcode', message: 'is required' }]],
      [{ organizationId: MISSING, barcode: 'has space' }, [{ pointer: '/query/barcode', message: 'must be 1 to 100 of A-Z a-z 0-9 . _ -' }]],
      [{ organizationId: MISSING, barcode: '' }, [{ pointer: '/query/barcode', message: 'must be 1 to 100 of A-Z a-z 0-9 . _ -' }]],
      [
        {},
        [
          { pointer: '/query/organizationId', message: 'is required' },
          { pointer: '/query/barcode', message: 'is required' },
        ],
      ],
    ])('refuses %j', async (params, errors) => {
      expect((await get(params).expect(400)).body).toEqual(problem(errors));
    });

    it.each([['0'], ['101'], ['1.5'], ['20.5'], ['100.01'], ['abc'], [''], ['-1'], ['1e1'], ['0x10'], [' 5'], ['20.']])('refuses limit=%j', async (limit) => {
      expect((await get({ ...base(), limit }).expect(400)).body).toEqual(problem([{ pointer: '/query/limit', message: LIMIT }]));
    });

    it.each([['0'], ['-1'], ['8785'], ['abc'], [''], ['Infinity'], ['NaN']])('refuses timeWindowHours=%j', async (timeWindowHours) => {
      expect((await get({ ...base(), timeWindowHours }).expect(400)).body).toEqual(problem([{ pointer: '/query/timeWindowHours', message: HOURS }]));
    });

    it.each([
      ['2026-02-30T00:00:00Z'],
      ['2026-01-01'],
      ['2026-01-01T00:00:00'],
      ['0000-01-01T00:00:00Z'],
      ['yesterday'],
      ['2026-01-01T24:00:00Z'],
      ['2026-01-01T00:00:00+16:00'],
      ['2026-01-01T00:00:00-23:59'],
      ['2026-01-01T00:00:60Z'],
    ])('refuses startDate and endDate %j', async (date) => {
      expect((await get({ ...base(), startDate: date }).expect(400)).body).toEqual(problem([{ pointer: '/query/startDate', message: DATE }]));
      expect((await get({ ...base(), endDate: date }).expect(400)).body).toEqual(problem([{ pointer: '/query/endDate', message: DATE }]));
    });

    it('accepts the edges of the dates: offsets of 15:59, nine fraction digits, years 0001 and 9999', async () => {
      await get({ ...base(), startDate: '0001-01-01T00:00:00+15:59', endDate: '9999-12-31T23:59:59.999999999-15:59' }).expect(200);
      await get({ ...base(), endDate: '0001-01-01T00:00:00Z', timeWindowHours: 8784 }).expect(200);
    });

    it('reads limit as the number it is: 20.0 is 20', async () => {
      const plain = await get({ organizationId: org.organizationId, barcode: busy, limit: '20' }).expect(200);
      const decimal = await get({ organizationId: org.organizationId, barcode: busy, limit: '20.0' }).expect(200);
      expect(decimal.body.items).toHaveLength(20);
      expect(decimal.body.items).toEqual(plain.body.items);
      expect((await get({ organizationId: org.organizationId, barcode: busy, limit: '3.000' }).expect(200)).body.items).toHaveLength(3);
    });

    it('accepts the edges of limit and timeWindowHours', async () => {
      expect((await get({ ...base(), limit: 1 }).expect(200)).body.items).toHaveLength(1);
      await get({ ...base(), timeWindowHours: 8784 }).expect(200);
      await get({ ...base(), timeWindowHours: '0.001' }).expect(200);
    });

    it('refuses an unknown query parameter, and a parameter given twice', async () => {
      expect((await get({ ...base(), sort: 'asc' }).expect(400)).body).toEqual(problem([{ pointer: '/query/sort', message: 'is not a known property' }]));
      const twice = await api()
        .get(`${query(base())}&limit=5&limit=6`)
        .expect(400);
      expect(twice.body).toEqual(problem([{ pointer: '/query/limit', message: LIMIT }]));
    });

    it('reports every problem at once', async () => {
      const res = await get({ organizationId: 'x', barcode: busy, limit: 0, timeWindowHours: -2, startDate: 'no', extra: 1 }).expect(400);
      expect(res.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
        '/query/extra',
        '/query/limit',
        '/query/organizationId',
        '/query/startDate',
        '/query/timeWindowHours',
      ]);
    });

    it('refuses a request without a token and one with a public-audience token', async () => {
      await as(gateway).get(query(base())).expect(401);
      await as(gateway, tokens.public).get(query(base())).expect(401);
    });
  });
});
