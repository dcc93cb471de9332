import { Database, ServerSecretRepository } from '@gateway/persistence';
import { TestDatabase, createTestDatabase } from '@gateway/testing';
import { CursorSealer } from '@gateway/domain';
import { EventsCursor, EventsCursorCodec } from './events-cursor';

const CURSOR: EventsCursor = {
  organizationId: '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01',
  barcode: 'B-1',
  timeWindowHours: 24,
  startDate: null,
  endDate: null,
  end: '2026-09-18T10:15:00.123456Z',
  horizon: '1234',
  afterXid: '1200',
  after: 4711,
};

describe('EventsCursorCodec', () => {
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });

  afterAll(async () => {
    await Promise.all([first.drop(), second.drop()]);
  });

  const codec = (db: Database) => new EventsCursorCodec(new CursorSealer(db, new ServerSecretRepository()));

  it('opens what it sealed, and seals the same cursor differently each time', async () => {
    const c = codec(first.db);
    const a = await c.seal(CURSOR);
    const b = await c.seal(CURSOR);
    expect(a).not.toBe(b);
    expect(await c.open(a)).toEqual(CURSOR);
    expect(await c.open(b)).toEqual(CURSOR);
  });

  it('shares one key between replicas of one database, created once even when they start together', async () => {
    const replicas = Array.from({ length: 8 }, () => codec(first.db));
    const sealed = await Promise.all(replicas.map((r) => r.seal(CURSOR)));
    for (const [i, token] of sealed.entries()) expect(await replicas[(i + 1) % replicas.length].open(token)).toEqual(CURSOR);
    const { rows } = await first.db.query("SELECT count(*)::int AS n FROM server_secrets WHERE name = 'events-by-barcode-cursor'");
    expect(rows[0].n).toBe(1);
  });

  it('refuses a cursor sealed under another key (another deployment)', async () => {
    const token = await codec(second.db).seal(CURSOR);
    expect(await codec(first.db).open(token)).toBeUndefined();
  });

  it('refuses every single-bit change, truncation and extension', async () => {
    const c = codec(first.db);
    const raw = Buffer.from(await c.seal(CURSOR), 'base64url');
    for (let i = 0; i < raw.length; i++) {
      const forged = Buffer.from(raw);
      forged[i] ^= 0x80;
      expect([i, await c.open(forged.toString('base64url'))]).toEqual([i, undefined]);
    }
    expect(await c.open(raw.subarray(0, raw.length - 1).toString('base64url'))).toBeUndefined();
    expect(await c.open(Buffer.concat([raw, Buffer.from([0])]).toString('base64url'))).toBeUndefined();
  });

  it.each([[''], ['%%%'], ['AAAA'], ['eyJhZnRlciI6MX0'], ['a'.repeat(500)]])('refuses %j', async (token) => {
    expect(await codec(first.db).open(token)).toBeUndefined();
  });
});
