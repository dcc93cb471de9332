// Lengths as Postgres counts them (contract section 3): in code points, so that a variation selector or a
// combining mark is a character of its own and a character outside the BMP is one. What the document bounds
// at N is accepted at N code points whatever its UTF-16 length, refused at N + 1 with a 400 naming the field,
// stored exactly as sent, and never a 500 from a check constraint; a lone surrogate is refused.
import request from 'supertest';
import { SeededOrganization, seedOrganization } from '@gateway/testing';
import { mintToken } from './support/caller-tokens';
import { usePublicGateway } from './support/start-public-gateway';

/** `n` code points of `unit` (a two-code-point unit repeated, with one letter more when `n` is odd). */
const codePoints = (n: number, unit: string) => {
  const width = [...unit].length;
  return unit.repeat(Math.floor(n / width)) + 'a'.repeat(n % width);
};
const UNITS = { 'variation selectors': 'a\uFE0F', 'combining marks': 'e\u0301', 'characters outside the BMP': '\u{1F4E6}' };
const LONE_SURROGATE = 'must be well-formed Unicode (a lone surrogate such as \\uD800 is not a character)';

describe('lengths in code points (public gateway)', () => {
  const { database, gateway } = usePublicGateway();
  let org: SeededOrganization;
  let token: string;
  const http = () => request(gateway.app.getHttpServer());
  const ordersPath = () => `/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders`;
  const create = (extra: Record<string, unknown>) =>
    http()
      .post(ordersPath())
      .set('Authorization', `Bearer ${token}`)
      .send({
        orderReference: `R-${Math.random().toString(36).slice(2)}`,
        customer: { firstName: 'Ada' },
        lineItems: [{ sku: 'x', barcode: org.barcodes[0], quantity: 1 }],
        ...extra,
      });
  const stored = async (sql: string, id: string) => (await database.db.query(sql, [id])).rows[0];

  beforeAll(async () => {
    org = await seedOrganization(database.db);
    token = await mintToken(gateway, database.url, { type: 'SERVICE' });
  });

  describe.each(Object.entries(UNITS))('%s', (_name, unit) => {
    it('cancels with a reason of 500 code points, stored as 500; 501 is a 400 naming /reason', async () => {
      const placed = (await create({}).expect(201)).body as { id: string };
      const over = await http()
        .post(`${ordersPath()}/${placed.id}/cancel`)
        .set('Authorization', `Bearer ${token}`)
        .send({ reason: codePoints(501, unit) });
      expect([over.status, over.body.errors]).toEqual([400, [{ pointer: '/reason', message: 'must be 1 to 500 characters' }]]);
      const reason = codePoints(500, unit);
      const done = await http().post(`${ordersPath()}/${placed.id}/cancel`).set('Authorization', `Bearer ${token}`).send({ reason });
      expect([done.status, done.body.cancellationReason]).toEqual([200, reason]);
      expect(await stored('SELECT char_length(cancellation_reason) AS n FROM sales_orders WHERE id = $1', placed.id)).toEqual({ n: 500 });
    });

    it('takes an address line of 200 code points, stored as sent; 201 is a 400 naming /shippingAddress/line1', async () => {
      const address = (line1: string) => ({ shippingAddress: { line1, city: 'Lund', countryCode: 'SE' } });
      const over = await create(address(codePoints(201, unit)));
      expect([over.status, over.body.errors]).toEqual([400, [{ pointer: '/shippingAddress/line1', message: 'must be 1 to 200 characters' }]]);
      const line1 = codePoints(200, unit);
      const placed = await create(address(line1));
      expect([placed.status, placed.body.shippingAddress?.line1]).toEqual([201, line1]);
      expect(await stored("SELECT char_length(shipping_address->>'line1') AS n FROM sales_orders WHERE id = $1", placed.body.id)).toEqual({ n: 200 });
    });
  });

  it('refuses a lone surrogate in a body string (JSON "\\uD800") with its pointer, before anything is stored', async () => {
    const res = await http()
      .post(ordersPath())
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send(`{"orderReference":"R-lone\\uD800","customer":{"firstName":"Ada"},"lineItems":[{"sku":"x","barcode":"${org.barcodes[0]}","quantity":1}]}`);
    expect([res.status, res.body.errors]).toEqual([400, [{ pointer: '/orderReference', message: LONE_SURROGATE }]]);
    expect((await database.db.query("SELECT count(*)::int AS n FROM sales_orders WHERE order_reference LIKE 'R-lone%'")).rows).toEqual([{ n: 0 }]);
  });
});
