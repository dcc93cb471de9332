// The public read operations: the access matrix of contract section 2 for every client type, the exact
// shapes of the spec, invalid paths, and every answer validated against the served OpenAPI document.
import request from 'supertest';
import { OpenApiValidator, SeededOrganization, createTestClient, importFixture, seedOrganization } from '@gateway/testing';
import { usePublicGateway } from './support/start-public-gateway';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('public reads', () => {
  const { database, gateway } = usePublicGateway();
  let own: SeededOrganization;
  let other: SeededOrganization;
  let validator: OpenApiValidator;
  const tokens: Record<string, string> = {};

  const get = (path: string, who: string) => request(gateway.app.getHttpServer()).get(path).set('Authorization', `Bearer ${tokens[who]}`);

  /** Every answer must match the document, whatever the status. */
  async function answer(template: string, path: string, who: string) {
    const res = await get(path, who);
    const contentType = String(res.headers['content-type']).split(';')[0];
    expect(validator.errors('GET', template, res.status, res.body, contentType)).toEqual([]);
    return res;
  }

  beforeAll(async () => {
    own = await seedOrganization(database.db);
    other = await seedOrganization(database.db, { warehouseId: own.warehouseId });
    await importFixture(database.db, {
      warehouses: [{ id: 'wh-second', name: 'Second' }],
      inventory: [{ organizationId: own.organizationId, warehouseId: 'wh-second', barcode: own.barcodes[1], onHand: 3, pendingAllocation: 1 }],
      invoices: [
        {
          id: `inv-${own.organizationId.slice(0, 8)}`,
          organizationId: own.organizationId,
          number: '2026-0001',
          status: 'PAID',
          subtotal: { amountInMinorUnit: 10050, currency: 'EUR' },
          totalExcludingTax: { amountInMinorUnit: 10050, currency: 'EUR' },
          dueDate: '2028-02-29',
          paidAt: '2028-02-20',
          pdfUrl: 'https://billing.example/2026-0001.pdf',
          lineItems: [{ description: 'Storage', taxRate: 0.21, quantity: 2.5, unitAmountExcludingTax: { amountInMinorUnit: 4020, currency: 'EUR' } }],
        },
        {
          id: `inv-${own.organizationId.slice(0, 8)}-b`,
          organizationId: own.organizationId,
          number: '2026-0002',
          status: 'FINALIZED',
          subtotal: { amountInMinorUnit: 0, currency: 'EUR' },
          totalExcludingTax: { amountInMinorUnit: 0, currency: 'EUR' },
          lineItems: [],
        },
        {
          id: `inv-${other.organizationId.slice(0, 8)}`,
          organizationId: other.organizationId,
          number: 'X-1',
          status: 'VOIDED',
          subtotal: { amountInMinorUnit: 1, currency: 'USD' },
          totalExcludingTax: { amountInMinorUnit: 1, currency: 'USD' },
          lineItems: [],
        },
      ],
    });
    const issue = async (name: string, spec: Parameters<typeof createTestClient>[1]) => {
      const c = await createTestClient(database.url, spec);
      const res = await request(gateway.app.getHttpServer())
        .post('/oauth2/token')
        .type('form')
        .send(new URLSearchParams({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }).toString());
      tokens[name] = res.body.access_token;
    };
    await issue('owner', { type: 'USER', userId: own.ownerId });
    await issue('member', { type: 'USER', userId: own.memberId });
    await issue('organization', { type: 'ORGANIZATION', organizationId: own.organizationId });
    await issue('connector', { type: 'CONNECTOR', connectionIds: [own.connectionId] });
    await issue('service', { type: 'SERVICE' });
    validator = new OpenApiValidator((await request(gateway.app.getHttpServer()).get('/openapi.json')).body);
  });

  const callers = ['owner', 'member', 'organization', 'connector', 'service'];

  describe('GET /v0/organizations', () => {
    it.each(callers)('lists what a %s can access', async (who) => {
      const res = await answer('/v0/organizations', '/v0/organizations', who);
      expect(res.status).toBe(200);
      const ids = res.body.organizations.map((o: { id: string }) => o.id);
      if (who === 'service') expect(ids).toEqual(expect.arrayContaining([own.organizationId, other.organizationId]));
      else expect(ids).toEqual([own.organizationId]);
      for (const o of res.body.organizations) expect(Object.keys(o).sort()).toEqual(['id', 'name']);
    });
  });

  describe('invoices', () => {
    const expected: Record<string, [number, number, number]> = {
      // own organization, another organization, a missing one
      owner: [200, 403, 403],
      member: [403, 403, 403],
      organization: [200, 403, 403],
      connector: [403, 403, 403],
      service: [200, 200, 404],
    };
    it.each(callers)('list: a %s gets the access table', async (who) => {
      const template = '/v0/organizations/{organizationId}/invoices';
      const statuses = [];
      for (const organizationId of [own.organizationId, other.organizationId, MISSING]) {
        statuses.push((await answer(template, `/v0/organizations/${organizationId}/invoices`, who)).status);
      }
      expect(statuses).toEqual(expected[who]);
    });

    it.each(callers)('detail: a %s gets the access table', async (who) => {
      const template = '/v0/organizations/{organizationId}/invoices/{invoiceId}';
      const statuses = [];
      for (const org of [own.organizationId, other.organizationId, MISSING]) {
        statuses.push((await answer(template, `/v0/organizations/${org}/invoices/inv-${(org === MISSING ? MISSING : org).slice(0, 8)}`, who)).status);
      }
      expect(statuses).toEqual(expected[who]);
    });

    it('lists invoices in the list form, with optional fields left out', async () => {
      const res = await answer('/v0/organizations/{organizationId}/invoices', `/v0/organizations/${own.organizationId}/invoices`, 'owner');
      expect(res.body).toEqual({
        items: [
          {
            id: `inv-${own.organizationId.slice(0, 8)}`,
            number: '2026-0001',
            status: 'PAID',
            subtotal: { amountInMinorUnit: 10050, currency: 'EUR' },
            totalExcludingTax: { amountInMinorUnit: 10050, currency: 'EUR' },
            dueDate: '2028-02-29',
            paidAt: '2028-02-20',
          },
          {
            id: `inv-${own.organizationId.slice(0, 8)}-b`,
            number: '2026-0002',
            status: 'FINALIZED',
            subtotal: { amountInMinorUnit: 0, currency: 'EUR' },
            totalExcludingTax: { amountInMinorUnit: 0, currency: 'EUR' },
          },
        ],
      });
    });

    it('answers the detail form', async () => {
      const res = await answer(
        '/v0/organizations/{organizationId}/invoices/{invoiceId}',
        `/v0/organizations/${own.organizationId}/invoices/inv-${own.organizationId.slice(0, 8)}`,
        'organization',
      );
      expect(res.body).toEqual({
        id: `inv-${own.organizationId.slice(0, 8)}`,
        number: '2026-0001',
        status: 'PAID',
        subtotal: { amountInMinorUnit: 10050, currency: 'EUR' },
        totalExcludingTax: { amountInMinorUnit: 10050, currency: 'EUR' },
        dueDate: '2028-02-29',
        paidAt: '2028-02-20',
        pdfUrl: 'https://billing.example/2026-0001.pdf',
        lineItems: [{ description: 'Storage', taxRate: 0.21, quantity: 2.5, unitAmountExcludingTax: { amountInMinorUnit: 4020, currency: 'EUR' } }],
      });
    });

    it('answers 404 for an unknown invoice inside an accessible organization, and for another organization’s invoice', async () => {
      const template = '/v0/organizations/{organizationId}/invoices/{invoiceId}';
      expect((await answer(template, `/v0/organizations/${own.organizationId}/invoices/no-such-invoice`, 'owner')).status).toBe(404);
      expect((await answer(template, `/v0/organizations/${own.organizationId}/invoices/inv-${other.organizationId.slice(0, 8)}`, 'service')).status).toBe(404);
    });
  });

  describe('GET /v0/organizations/{organizationId}/inventory', () => {
    const expected: Record<string, [number, number, number]> = {
      owner: [200, 403, 403],
      member: [200, 403, 403],
      organization: [200, 403, 403],
      connector: [200, 403, 403],
      service: [200, 200, 404],
    };
    it.each(callers)('a %s gets the access table', async (who) => {
      const statuses = [];
      for (const organizationId of [own.organizationId, other.organizationId, MISSING]) {
        statuses.push((await answer('/v0/organizations/{organizationId}/inventory', `/v0/organizations/${organizationId}/inventory`, who)).status);
      }
      expect(statuses).toEqual(expected[who]);
    });

    it('groups per warehouse, orders by barcode, leaves archived units out, and answers integers', async () => {
      await importFixture(database.db, {
        inventory: [{ organizationId: own.organizationId, warehouseId: own.warehouseId, barcode: own.barcodes[2], onHand: 9 }],
      });
      const res = await answer('/v0/organizations/{organizationId}/inventory', `/v0/organizations/${own.organizationId}/inventory`, 'organization');
      const groups = [
        {
          warehouseId: own.warehouseId,
          items: [
            { barcode: own.barcodes[0], onHand: 10, sellable: 10 },
            { barcode: own.barcodes[1], onHand: 5, sellable: 4 },
          ],
        },
        { warehouseId: 'wh-second', items: [{ barcode: own.barcodes[1], onHand: 3, sellable: 2 }] },
      ].sort((a, b) => (a.warehouseId < b.warehouseId ? -1 : 1));
      expect(res.body).toEqual({ items: groups });
      expect(res.text).not.toContain(own.barcodes[2]);
    });

    it('answers an organization without inventory with an empty list', async () => {
      const empty = (await seedOrganization(database.db)).organizationId;
      await database.db.query('DELETE FROM inventory_levels WHERE organization_id = $1', [empty]);
      const res = await answer('/v0/organizations/{organizationId}/inventory', `/v0/organizations/${empty}/inventory`, 'service');
      expect(res.body).toEqual({ items: [] });
    });
  });

  describe('organization ids in upper case (UUIDs are case-insensitive)', () => {
    const templates = [
      '/v0/organizations/{organizationId}/inventory',
      '/v0/organizations/{organizationId}/invoices',
      '/v0/organizations/{organizationId}/invoices/{invoiceId}',
    ];
    const path = (template: string, organizationId: string) =>
      template.replace('{organizationId}', organizationId).replace('{invoiceId}', `inv-${own.organizationId.slice(0, 8)}`);

    it.each(callers)('a %s gets the same answer for the upper-case path as for the lower-case one', async (who) => {
      for (const template of templates) {
        const lower = await answer(template, path(template, own.organizationId), who);
        const upper = await answer(template, path(template, own.organizationId.toUpperCase()), who);
        expect({ template, status: upper.status, body: upper.body }).toEqual({ template, status: lower.status, body: lower.body });
      }
    });

    it('an organization caller reads its own inventory on the upper-case path', async () => {
      const res = await answer(
        '/v0/organizations/{organizationId}/inventory',
        `/v0/organizations/${own.organizationId.toUpperCase()}/inventory`,
        'organization',
      );
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeGreaterThan(0);
    });
  });

  describe('invalid paths', () => {
    it.each([
      ['/v0/organizations/not-a-uuid/inventory', '/v0/organizations/{organizationId}/inventory', '/path/organizationId'],
      ['/v0/organizations/not-a-uuid/invoices', '/v0/organizations/{organizationId}/invoices', '/path/organizationId'],
      [`/v0/organizations/${MISSING}/invoices/bad%20id`, '/v0/organizations/{organizationId}/invoices/{invoiceId}', '/path/invoiceId'],
      [`/v0/organizations/${MISSING}/invoices/${'x'.repeat(101)}`, '/v0/organizations/{organizationId}/invoices/{invoiceId}', '/path/invoiceId'],
    ])('%s answers 400', async (path, template, pointer) => {
      const res = await answer(template, path, 'service');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ pointer, message: expect.any(String) }]);
    });
  });

  describe('query parameters (none is known)', () => {
    it.each([
      ['/v0/organizations', '/v0/organizations?limit=5', 'limit'],
      ['/v0/organizations/{organizationId}/invoices', '/v0/organizations/{own}/invoices?status=PAID', 'status'],
      ['/v0/organizations/{organizationId}/invoices/{invoiceId}', '/v0/organizations/{own}/invoices/no-such-invoice?expand=lineItems', 'expand'],
      ['/v0/organizations/{organizationId}/inventory', '/v0/organizations/{own}/inventory?warehouseId=x&warehouseId=y', 'warehouseId'],
      ['/v0/whoami', '/v0/whoami?none=', 'none'],
    ])('%s refuses an unknown one with 400 at /query/<name>', async (template, path, name) => {
      const res = await answer(template, path.replace('{own}', own.organizationId), 'service');
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.errors).toEqual([{ pointer: `/query/${name}`, message: 'is not a known property' }]);
    });
  });
});
