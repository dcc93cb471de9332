// Inventory-sync overrides on the internal gateway: excluding barcodes from the sync and returning them to
// the default sync, dry runs that write nothing and predict the real run, events per barcode changed,
// concurrent requests, validation; every answer checked against the served document.
import request from 'supertest';
import { SeededOrganization, importFixture, seedOrganization } from '@gateway/testing';
import { as, internalAndPublicTokens, useInternalGateway } from './support/start-internal-gateway';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('internal gateway: inventory sync', () => {
  const { database, gateway } = useInternalGateway();
  let tokens: { internal: string; public: string };
  let clientId: string;

  const api = () => as(gateway, tokens.internal);
  const overridesPath = (org: SeededOrganization | string) =>
    `/organizations/${typeof org === 'string' ? org : org.organizationId}/barcode-inventory-sync-overrides`;
  const resetPath = (org: SeededOrganization | string) => `/organizations/${typeof org === 'string' ? org : org.organizationId}/default-inventory-sync`;

  /** Everything a run may write: the organization's override rows and settings, and the whole event log. */
  async function state(org: SeededOrganization) {
    const q = (sql: string) => database.db.query(sql, [org.organizationId]).then((r) => r.rows);
    return {
      overrides: await q('SELECT barcode, created_at FROM inventory_sync_overrides WHERE organization_id = $1 ORDER BY barcode'),
      settings: await q('SELECT mode, updated_at FROM inventory_sync_settings WHERE organization_id = $1'),
      events: Number((await database.db.query('SELECT count(*) AS n FROM domain_events')).rows[0].n),
      lastSequence: Number((await database.db.query('SELECT COALESCE(max(sequence), 0) AS s FROM domain_events')).rows[0].s),
    };
  }

  const syncEvents = async (org: SeededOrganization) =>
    (
      await database.db.query(
        `SELECT type, barcode, aggregate_type, aggregate_id, payload, initiator FROM domain_events
          WHERE organization_id = $1 AND aggregate_type = 'InventorySyncSettings' ORDER BY sequence`,
        [org.organizationId],
      )
    ).rows;

  /** A seeded organization with `extra` more retail units (E-<tag>-0 ...). */
  async function organization(extra = 0): Promise<SeededOrganization & { extra: string[] }> {
    const org = await seedOrganization(database.db);
    const tag = org.organizationId.slice(0, 8);
    const barcodes = Array.from({ length: extra }, (_, i) => `E-${tag}-${String(i).padStart(3, '0')}`);
    if (extra > 0)
      await importFixture(database.db, {
        retailUnits: barcodes.map((barcode) => ({ organizationId: org.organizationId, barcode, sku: `SKU-${barcode}`, name: barcode })),
      });
    return { ...org, extra: barcodes };
  }

  beforeAll(async () => {
    tokens = await internalAndPublicTokens(gateway.issuer, database.url);
    clientId = JSON.parse(Buffer.from(tokens.internal.split('.')[1], 'base64url').toString()).client_id;
  });

  describe('POST /organizations/{organizationId}/barcode-inventory-sync-overrides', () => {
    it('excludes known barcodes, reports unknown ones, appends one event per barcode changed and switches the mode', async () => {
      const org = await organization();
      const [first, second, archived] = org.barcodes;
      const res = await api()
        .post(overridesPath(org), { barcodes: [second, 'NOT-A-UNIT', archived] })
        .expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        outcome: 'SUCCESS',
        organizationId: org.organizationId,
        dryRun: false,
        mode: 'BARCODE_OVERRIDES',
        changed: [second, archived],
        unchanged: [],
        unknown: ['NOT-A-UNIT'],
      });

      const record = await api().get(`/organizations/${org.organizationId}`).expect(200);
      expect(record.body.inventorySync).toEqual({ mode: 'BARCODE_OVERRIDES', overriddenBarcodes: [archived, second].sort() });

      const common = { aggregate_type: 'InventorySyncSettings', aggregate_id: org.organizationId, initiator: clientId };
      expect(await syncEvents(org)).toEqual([
        { ...common, type: 'InventorySyncOverrideAdded', barcode: second, payload: { barcode: second, syncedToSalesChannels: false } },
        { ...common, type: 'InventorySyncOverrideAdded', barcode: archived, payload: { barcode: archived, syncedToSalesChannels: false } },
        { ...common, type: 'InventorySyncModeChanged', barcode: null, payload: { mode: 'BARCODE_OVERRIDES', previousMode: 'DEFAULT' } },
      ]);

      // Adds to the set: the earlier overrides stay, the repeated one is unchanged.
      const again = await api()
        .post(overridesPath(org), { barcodes: [first, second] })
        .expect(200);
      expect(again.body).toEqual({
        outcome: 'SUCCESS',
        organizationId: org.organizationId,
        dryRun: false,
        mode: 'BARCODE_OVERRIDES',
        changed: [first],
        unchanged: [second],
        unknown: [],
      });
      expect((await api().get(`/organizations/${org.organizationId}`).expect(200)).body.inventorySync.overriddenBarcodes).toEqual(
        [first, second, archived].sort(),
      );
      expect((await syncEvents(org)).map((e) => [e.type, e.barcode])).toEqual([
        ['InventorySyncOverrideAdded', second],
        ['InventorySyncOverrideAdded', archived],
        ['InventorySyncModeChanged', null],
        ['InventorySyncOverrideAdded', first],
      ]);
    });

    it('shows each override in the events of its barcode', async () => {
      const org = await organization();
      await api()
        .post(overridesPath(org), { barcodes: [org.barcodes[0]] })
        .expect(200);
      const page = await api().get(`/internal-tools/events/by-barcode?organizationId=${org.organizationId}&barcode=${org.barcodes[0]}&limit=1`).expect(200);
      expect(page.body.items).toEqual([
        expect.objectContaining({
          type: 'InventorySyncOverrideAdded',
          barcode: org.barcodes[0],
          organizationId: org.organizationId,
          aggregateType: 'InventorySyncSettings',
          initiator: clientId,
        }),
      ]);
    });

    it('in a dry run, writes nothing and answers exactly what the real run then does', async () => {
      const org = await organization();
      await api()
        .post(overridesPath(org), { barcodes: [org.barcodes[0]] })
        .expect(200);
      const body = { barcodes: ['UNKNOWN-1', org.barcodes[1], org.barcodes[0], org.barcodes[2]] };

      const before = await state(org);
      const dry = await api()
        .post(overridesPath(org), { ...body, dryRun: true })
        .expect(200);
      expect(await state(org)).toEqual(before);
      expect(dry.body).toEqual({
        outcome: 'SUCCESS',
        organizationId: org.organizationId,
        dryRun: true,
        mode: 'BARCODE_OVERRIDES',
        changed: [org.barcodes[1], org.barcodes[2]],
        unchanged: [org.barcodes[0]],
        unknown: ['UNKNOWN-1'],
      });

      const real = await api()
        .post(overridesPath(org), { ...body, dryRun: false })
        .expect(200);
      expect(real.body).toEqual({ ...dry.body, dryRun: false });
      expect((await state(org)).events).toBe(before.events + 2);
    });

    it('in a dry run on an organization in DEFAULT mode, predicts the mode change without making it', async () => {
      const org = await organization();
      const before = await state(org);
      const dry = await api()
        .post(overridesPath(org), { barcodes: [org.barcodes[0]], dryRun: true })
        .expect(200);
      expect(dry.body.mode).toBe('BARCODE_OVERRIDES');
      expect(await state(org)).toEqual(before);
      expect((await api().get(`/organizations/${org.organizationId}`).expect(200)).body.inventorySync).toEqual({ mode: 'DEFAULT', overriddenBarcodes: [] });
    });

    it('changes nothing, and appends nothing, when every barcode is unknown or already overridden', async () => {
      const org = await organization();
      await api()
        .post(overridesPath(org), { barcodes: [org.barcodes[0]] })
        .expect(200);
      const before = await state(org);
      const res = await api()
        .post(overridesPath(org), { barcodes: [org.barcodes[0], 'NOPE'] })
        .expect(200);
      expect(res.body).toEqual({
        outcome: 'SUCCESS',
        organizationId: org.organizationId,
        dryRun: false,
        mode: 'BARCODE_OVERRIDES',
        changed: [],
        unchanged: [org.barcodes[0]],
        unknown: ['NOPE'],
      });
      expect(await state(org)).toEqual(before);
    });

    it('treats a barcode of another organization as unknown', async () => {
      const org = await organization();
      const other = await organization();
      const res = await api()
        .post(overridesPath(org), { barcodes: [other.barcodes[0]] })
        .expect(200);
      expect(res.body).toMatchObject({ changed: [], unchanged: [], unknown: [other.barcodes[0]], mode: 'DEFAULT' });
    });

    it('takes concurrent requests with overlapping barcodes without duplicates or errors: each barcode changes once', async () => {
      const org = await organization(40);
      const requests = Array.from({ length: 12 }, (_, i) => org.extra.filter((_b, j) => (j + i) % 3 !== 0));
      const answers = await Promise.all(requests.map((barcodes) => api().post(overridesPath(org), { barcodes })));
      expect(answers.map((a) => a.status)).toEqual(requests.map(() => 200));
      const changed = answers.flatMap((a) => a.body.changed as string[]);
      expect(changed.sort()).toEqual([...org.extra].sort());
      for (const [i, a] of answers.entries()) expect([...a.body.changed, ...a.body.unchanged].sort()).toEqual([...requests[i]].sort());
      const rows = await database.db.query('SELECT barcode FROM inventory_sync_overrides WHERE organization_id = $1 ORDER BY barcode', [org.organizationId]);
      expect(rows.rows.map((r) => r.barcode)).toEqual([...org.extra].sort());
      const events = await syncEvents(org);
      expect(
        events
          .filter((e) => e.type === 'InventorySyncOverrideAdded')
          .map((e) => e.barcode)
          .sort(),
      ).toEqual([...org.extra].sort());
      expect(events.filter((e) => e.type === 'InventorySyncModeChanged')).toHaveLength(1);
    });

    it.each([
      ['no body', undefined, [{ pointer: '/barcodes', message: 'is required' }]],
      ['barcodes missing', { dryRun: true }, [{ pointer: '/barcodes', message: 'is required' }]],
      ['barcodes not an array', { barcodes: 'B-1' }, [{ pointer: '/barcodes', message: 'must be an array of barcodes' }]],
      ['an empty list', { barcodes: [] }, [{ pointer: '/barcodes', message: 'must hold at least 1 barcode' }]],
      ['1001 barcodes', { barcodes: Array.from({ length: 1001 }, (_, i) => `B-${i}`) }, [{ pointer: '/barcodes', message: 'must hold at most 1000 barcodes' }]],
      ['dryRun not a boolean', { barcodes: ['B-1'], dryRun: 'yes' }, [{ pointer: '/dryRun', message: 'must be true or false' }]],
      ['dryRun null', { barcodes: ['B-1'], dryRun: null }, [{ pointer: '/dryRun', message: 'must be true or false' }]],
      ['an unknown property', { barcodes: ['B-1'], mode: 'DEFAULT' }, [{ pointer: '/mode', message: 'is not a known property' }]],
      [
        'bad and repeated barcodes',
        { barcodes: ['B-1', 'has space', 7, 'B-1', '', 'x'.repeat(101), 'B-2', 'B-2'] },
        [
          { pointer: '/barcodes/1', message: 'must be 1 to 100 of A-Z a-z 0-9 . _ -' },
          { pointer: '/barcodes/2', message: 'must be a string' },
          { pointer: '/barcodes/3', message: 'repeats /barcodes/0' },
          { pointer: '/barcodes/4', message: 'must be 1 to 100 of A-Z a-z 0-9 . _ -' },
          { pointer: '/barcodes/5', message: 'must be 1 to 100 of A-Z a-z 0-9 . _ -' },
          { pointer: '/barcodes/7', message: 'repeats /barcodes/6' },
        ],
      ],
    ])('refuses %s with a 400 problem pointing at it, and writes nothing', async (_name, body, errors) => {
      const org = await organization();
      const before = await state(org);
      const res = await api().post(overridesPath(org), body).expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toEqual({ type: '/problems/validation-failed', title: 'Bad Request', status: 400, detail: 'The request is not valid.', errors });
      expect(await state(org)).toEqual(before);
    });

    it('refuses a body that is a JSON array, or not JSON', async () => {
      const org = await organization();
      const array = await api().post(overridesPath(org), [org.barcodes[0]]).expect(400);
      expect(array.headers['content-type']).toMatch(/^application\/problem\+json/);
      const text = await request(gateway.app.getHttpServer())
        .post(overridesPath(org))
        .set('Authorization', `Bearer ${tokens.internal}`)
        .set('Content-Type', 'application/json')
        .send('{"barcodes":');
      expect(text.status).toBe(400);
      expect(await syncEvents(org)).toEqual([]);
    });

    it('accepts 1000 barcodes', async () => {
      const org = await organization();
      const barcodes = Array.from({ length: 1000 }, (_, i) => `X-${i}`);
      const res = await api().post(overridesPath(org), { barcodes, dryRun: true }).expect(200);
      expect(res.body.unknown).toEqual(barcodes);
    });

    it('answers 400 for a malformed organization id and 404 for an unknown one, dry run or not', async () => {
      const bad = await api()
        .post(overridesPath('nope'), { barcodes: ['B-1'] })
        .expect(400);
      expect(bad.body.errors).toEqual([{ pointer: '/path/organizationId', message: 'must be a UUID' }]);
      for (const dryRun of [false, true]) {
        const res = await api()
          .post(overridesPath(MISSING), { barcodes: ['B-1'], dryRun })
          .expect(404);
        expect(res.body).toEqual({ type: '/problems/not-found', title: 'Not Found', status: 404, detail: 'The organization does not exist.' });
      }
    });

    it('refuses a request without a token and one with a public-audience token', async () => {
      const org = await organization();
      await as(gateway)
        .post(overridesPath(org), { barcodes: [org.barcodes[0]] })
        .expect(401);
      await as(gateway, tokens.public)
        .post(overridesPath(org), { barcodes: [org.barcodes[0]] })
        .expect(401);
      expect(await syncEvents(org)).toEqual([]);
    });
  });

  describe('POST /organizations/{organizationId}/default-inventory-sync', () => {
    async function overridden(count: number) {
      const org = await organization(count);
      await api().post(overridesPath(org), { barcodes: org.extra }).expect(200);
      return org;
    }

    it('without a body, returns every overridden barcode to the default sync, one event each, and the mode to DEFAULT', async () => {
      const org = await overridden(3);
      const before = (await syncEvents(org)).length;
      const res = await request(gateway.app.getHttpServer()).post(resetPath(org)).set('Authorization', `Bearer ${tokens.internal}`).expect(200);
      expect(res.body).toEqual({
        outcome: 'SUCCESS',
        organizationId: org.organizationId,
        dryRun: false,
        mode: 'DEFAULT',
        changed: [...org.extra].sort(),
        unchanged: [],
        unknown: [],
      });
      const added = (await syncEvents(org)).slice(before);
      const common = { aggregate_type: 'InventorySyncSettings', aggregate_id: org.organizationId, initiator: clientId };
      expect(added).toEqual([
        ...[...org.extra]
          .sort()
          .map((barcode) => ({ ...common, type: 'InventorySyncOverrideRemoved', barcode, payload: { barcode, syncedToSalesChannels: true } })),
        { ...common, type: 'InventorySyncModeChanged', barcode: null, payload: { mode: 'DEFAULT', previousMode: 'BARCODE_OVERRIDES' } },
      ]);
      expect((await api().get(`/organizations/${org.organizationId}`).expect(200)).body.inventorySync).toEqual({ mode: 'DEFAULT', overriddenBarcodes: [] });
    });

    it('with an empty object or a JSON body of {} behaves the same, and a second reset changes nothing', async () => {
      const org = await overridden(2);
      const res = await api().post(resetPath(org), {}).expect(200);
      expect(res.body.changed).toEqual([...org.extra].sort());
      const before = await state(org);
      const again = await api().post(resetPath(org), {}).expect(200);
      expect(again.body).toEqual({
        outcome: 'SUCCESS',
        organizationId: org.organizationId,
        dryRun: false,
        mode: 'DEFAULT',
        changed: [],
        unchanged: [],
        unknown: [],
      });
      expect(await state(org)).toEqual(before);
    });

    it('with barcodes, returns only those; the mode stays BARCODE_OVERRIDES while some remain', async () => {
      const org = await overridden(3);
      const res = await api()
        .post(resetPath(org), { barcodes: [org.extra[1], org.barcodes[0], 'NOPE'] })
        .expect(200);
      expect(res.body).toEqual({
        outcome: 'SUCCESS',
        organizationId: org.organizationId,
        dryRun: false,
        mode: 'BARCODE_OVERRIDES',
        changed: [org.extra[1]],
        unchanged: [org.barcodes[0]],
        unknown: ['NOPE'],
      });
      expect((await api().get(`/organizations/${org.organizationId}`).expect(200)).body.inventorySync).toEqual({
        mode: 'BARCODE_OVERRIDES',
        overriddenBarcodes: [org.extra[0], org.extra[2]],
      });
      const last = await api()
        .post(resetPath(org), { barcodes: [org.extra[0], org.extra[2]] })
        .expect(200);
      expect(last.body.mode).toBe('DEFAULT');
    });

    it.each([
      ['every barcode', {}],
      ['some barcodes', { barcodes: ['PLACEHOLDER', 'NOPE'] }],
    ])('in a dry run for %s, writes nothing and answers exactly what the real run then does', async (_name, body: { barcodes?: string[] }) => {
      const org = await overridden(3);
      const asked = body.barcodes ? { barcodes: [org.extra[2], 'NOPE', org.barcodes[0]] } : {};
      const before = await state(org);
      const dry = await api()
        .post(resetPath(org), { ...asked, dryRun: true })
        .expect(200);
      expect(await state(org)).toEqual(before);
      expect(dry.body.dryRun).toBe(true);
      expect(dry.body.changed.length).toBeGreaterThan(0);
      const real = await api().post(resetPath(org), asked).expect(200);
      expect(real.body).toEqual({ ...dry.body, dryRun: false });
    });

    it.each([
      ['an empty list', { barcodes: [] }, [{ pointer: '/barcodes', message: 'must hold at least 1 barcode (omit it to reset every barcode)' }]],
      ['barcodes null', { barcodes: null }, [{ pointer: '/barcodes', message: 'must be an array of barcodes' }]],
      ['a repeated barcode', { barcodes: ['A', 'A'] }, [{ pointer: '/barcodes/1', message: 'repeats /barcodes/0' }]],
      ['dryRun as a string', { dryRun: 'true' }, [{ pointer: '/dryRun', message: 'must be true or false' }]],
      ['an unknown property', { all: true }, [{ pointer: '/all', message: 'is not a known property' }]],
    ])('refuses %s with a 400 problem and writes nothing', async (_name, body, errors) => {
      const org = await overridden(1);
      const before = await state(org);
      const res = await api().post(resetPath(org), body).expect(400);
      expect(res.body).toEqual({ type: '/problems/validation-failed', title: 'Bad Request', status: 400, detail: 'The request is not valid.', errors });
      expect(await state(org)).toEqual(before);
    });

    it('answers 400 for a malformed organization id, 404 for an unknown one, 401 without an internal token', async () => {
      expect((await api().post(resetPath('x'), {}).expect(400)).body.errors).toEqual([{ pointer: '/path/organizationId', message: 'must be a UUID' }]);
      expect((await api().post(resetPath(MISSING), {}).expect(404)).body.detail).toBe('The organization does not exist.');
      expect((await api().post(resetPath(MISSING), { dryRun: true }).expect(404)).body.detail).toBe('The organization does not exist.');
      await as(gateway).post(resetPath(MISSING), {}).expect(401);
      await as(gateway, tokens.public).post(resetPath(MISSING), {}).expect(401);
    });

    it('keeps the mode and the rows consistent under concurrent overrides and resets', async () => {
      const org = await organization(20);
      const calls = Array.from({ length: 16 }, (_, i) =>
        i % 2 === 0
          ? api().post(overridesPath(org), { barcodes: org.extra.slice(i, i + 8) })
          : api().post(resetPath(org), i % 4 === 1 ? {} : { barcodes: org.extra.slice(i - 1, i + 3) }),
      );
      const answers = await Promise.all(calls);
      expect(answers.map((a) => a.status)).toEqual(calls.map(() => 200));
      const record = (await api().get(`/organizations/${org.organizationId}`).expect(200)).body.inventorySync;
      expect(record.mode).toBe(record.overriddenBarcodes.length > 0 ? 'BARCODE_OVERRIDES' : 'DEFAULT');
      // Replaying the events gives the rows: every change was recorded once, in order.
      const replay = new Set<string>();
      for (const e of await syncEvents(org)) {
        if (e.type === 'InventorySyncOverrideAdded') {
          expect(replay.has(e.barcode)).toBe(false);
          replay.add(e.barcode);
        } else if (e.type === 'InventorySyncOverrideRemoved') {
          expect(replay.delete(e.barcode)).toBe(true);
        }
      }
      expect([...replay].sort()).toEqual(record.overriddenBarcodes);
    });
  });
});
