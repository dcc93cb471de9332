// The catalogue (contract 6.7): an organization's retail units by barcode, in keyset pages behind a cursor
// bound to the organization and the filters; archived units only when asked for; the barcode and sku
// filters; two organizations with the same barcodes each reading only their own; the access of the inventory.
import request from 'supertest';
import { OpenApiValidator, SeededOrganization, importFixture, seedOrganization } from '@gateway/testing';
import { callerTokens, mintToken } from './support/caller-tokens';
import { usePublicGateway } from './support/start-public-gateway';

const LIST = '/v0/organizations/{organizationId}/retail-units';

interface Unit {
  barcode: string;
  sku: string;
  name: string;
  weightGram?: number;
  archived: boolean;
}

describe('the catalogue of retail units', () => {
  const { database, gateway } = usePublicGateway();
  let org: SeededOrganization;
  let neighbour: SeededOrganization;
  let tokens: Record<string, string>;
  let neighbourToken: string;
  let validator: OpenApiValidator;
  /** The organization's units in barcode order, archived ones included. */
  let all: Unit[];

  const list = async (query: Record<string, string> = {}, token = tokens.organization, organizationId = org.organizationId) => {
    const res = await request(gateway.app.getHttpServer())
      .get(`/v0/organizations/${organizationId}/retail-units`)
      .query(query)
      .set('Authorization', `Bearer ${token}`);
    expect(validator.errors('GET', LIST, res.status, res.body, String(res.headers['content-type']).split(';')[0])).toEqual([]);
    return res;
  };
  const listAll = async (query: Record<string, string>, token = tokens.organization, organizationId = org.organizationId) => {
    const items: Unit[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list({ ...query, ...(cursor ? { cursor } : {}) }, token, organizationId);
      expect(res.status).toBe(200);
      items.push(...res.body.items);
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    return { items, pages };
  };

  beforeAll(async () => {
    org = await seedOrganization(database.db);
    // Same barcodes, other skus and names: each organization must read only its own.
    neighbour = await seedOrganization(database.db, { warehouseId: org.warehouseId, barcodes: [org.barcodes[0], org.barcodes[1], org.barcodes[2]] });
    const tag = org.organizationId.slice(0, 8);
    await importFixture(database.db, {
      retailUnits: [
        { organizationId: org.organizationId, barcode: `A-${tag}-1`, sku: `SHARED-${tag}`, name: 'Tent', weightGram: 2400 },
        { organizationId: org.organizationId, barcode: `A-${tag}-2`, sku: `SHARED-${tag}`, name: 'Tent, green', weightGram: 0 },
        { organizationId: org.organizationId, barcode: `C-${tag}-1`, sku: `MAT-${tag}`, name: 'Mat' },
        { organizationId: org.organizationId, barcode: `C-${tag}-2`, sku: `OLD-${tag}`, name: 'Old mat', archived: true },
      ],
    });
    tokens = await callerTokens(gateway, database.url, org);
    neighbourToken = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: neighbour.organizationId });
    validator = new OpenApiValidator((await request(gateway.app.getHttpServer()).get('/openapi.json')).body);
    all = [
      { barcode: `A-${tag}-1`, sku: `SHARED-${tag}`, name: 'Tent', weightGram: 2400, archived: false },
      { barcode: `A-${tag}-2`, sku: `SHARED-${tag}`, name: 'Tent, green', weightGram: 0, archived: false },
      { barcode: org.barcodes[0], sku: `SKU-${tag}-1`, name: 'First', archived: false },
      { barcode: org.barcodes[1], sku: `SKU-${tag}-2`, name: 'Second', archived: false },
      { barcode: org.barcodes[2], sku: `SKU-${tag}-old`, name: 'Old', archived: true },
      { barcode: `C-${tag}-1`, sku: `MAT-${tag}`, name: 'Mat', archived: false },
      { barcode: `C-${tag}-2`, sku: `OLD-${tag}`, name: 'Old mat', archived: true },
    ].sort((a, b) => (a.barcode < b.barcode ? -1 : 1));
  });

  it('lists the live units by barcode (20 a page by default), weightGram left out when none is set', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: all.filter((u) => !u.archived), nextCursor: null });
    expect(res.body.items.find((u: Unit) => u.name === 'Mat')).not.toHaveProperty('weightGram');
  });

  it('includes archived units only with includeArchived=true', async () => {
    expect((await list({ includeArchived: 'true' })).body.items).toEqual(all);
    expect((await list({ includeArchived: 'false' })).body.items).toEqual(all.filter((u) => !u.archived));
  });

  it('pages by barcode behind nextCursor, the same filters on every page', async () => {
    for (const limit of ['1', '2', '3']) {
      const { items, pages } = await listAll({ limit, includeArchived: 'true' });
      expect([limit, items, pages]).toEqual([limit, all, Math.ceil(all.length / Number(limit))]);
    }
    const first = await list({ limit: '2' });
    expect(first.body.items).toEqual(all.filter((u) => !u.archived).slice(0, 2));
    expect(typeof first.body.nextCursor).toBe('string');
    // The cursor belongs to its query: other filters, or another organization, are refused.
    for (const query of [{ includeArchived: 'true' }, { sku: 'x' }, { barcode: all[0].barcode }] as Record<string, string>[]) {
      const res = await list({ cursor: first.body.nextCursor, ...query });
      expect([query, res.status, res.body.errors]).toEqual([
        query,
        400,
        [
          {
            pointer: '/query/cursor',
            message: 'belongs to another query: send it with the organization, barcode, sku and includeArchived of the first page',
          },
        ],
      ]);
    }
    const elsewhere = await list({ cursor: first.body.nextCursor }, tokens.service, neighbour.organizationId);
    expect(elsewhere.status).toBe(400);
    const forged = await list({ cursor: `${first.body.nextCursor.slice(0, -2)}AA` });
    expect(forged.body.errors).toEqual([{ pointer: '/query/cursor', message: 'is not a cursor this service issued' }]);
  });

  it('filters by exact barcode and by exact sku', async () => {
    expect((await list({ barcode: all[0].barcode })).body).toEqual({ items: [all[0]], nextCursor: null });
    const shared = all.filter((u) => u.sku.startsWith('SHARED-'));
    expect((await list({ sku: shared[0].sku })).body.items).toEqual(shared);
    const { items } = await listAll({ sku: shared[0].sku, limit: '1' });
    expect(items).toEqual(shared);
    const archived = all.find((u) => u.name === 'Old mat')!;
    expect((await list({ sku: archived.sku })).body.items).toEqual([]);
    expect((await list({ sku: archived.sku, includeArchived: 'true' })).body.items).toEqual([archived]);
    expect((await list({ barcode: 'NOPE' })).body).toEqual({ items: [], nextCursor: null });
  });

  it('keeps two organizations with the same barcodes apart', async () => {
    const mine = (await list({ barcode: org.barcodes[0] })).body.items;
    const theirs = (await list({ barcode: org.barcodes[0] }, neighbourToken, neighbour.organizationId)).body.items;
    expect(mine).toEqual([{ barcode: org.barcodes[0], sku: `SKU-${org.organizationId.slice(0, 8)}-1`, name: 'First', archived: false }]);
    expect(theirs).toEqual([{ barcode: org.barcodes[0], sku: `SKU-${neighbour.organizationId.slice(0, 8)}-1`, name: 'First', archived: false }]);
    const { items } = await listAll({ includeArchived: 'true', limit: '2' }, neighbourToken, neighbour.organizationId);
    expect(items.map((u) => u.barcode)).toEqual([...org.barcodes].sort());
    expect((await list({}, neighbourToken)).status).toBe(403);
  });

  it('refuses invalid queries with pointers', async () => {
    const limit = 'must be an integer from 1 to 100';
    for (const [query, errors] of [
      [{ limit: '0' }, [{ pointer: '/query/limit', message: limit }]],
      [{ limit: '101' }, [{ pointer: '/query/limit', message: limit }]],
      [{ limit: '1.5' }, [{ pointer: '/query/limit', message: limit }]],
      [{ limit: 'ten' }, [{ pointer: '/query/limit', message: limit }]],
      [{ includeArchived: 'yes' }, [{ pointer: '/query/includeArchived', message: 'must be true or false' }]],
      [{ barcode: 'a b' }, [{ pointer: '/query/barcode', message: 'must be 1 to 100 letters, digits, dots, underscores or hyphens' }]],
      [{ sku: '' }, [{ pointer: '/query/sku', message: 'must be 1 to 200 characters' }]],
      [{ warehouseId: 'x' }, [{ pointer: '/query/warehouseId', message: 'is not a known property' }]],
    ] as const) {
      const res = await list(query as Record<string, string>);
      expect([query, res.status, res.body.errors]).toEqual([query, 400, errors]);
    }
  });

  it('is read by whoever may read the inventory: every caller of the organization, a connector too; 404 for an unknown organization', async () => {
    for (const who of ['owner', 'member', 'organization', 'connector', 'service']) {
      const res = await list({}, tokens[who]);
      expect([who, res.status, res.body.items.length]).toEqual([who, 200, all.filter((u) => !u.archived).length]);
    }
    expect((await list({}, tokens.service, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
