// Inbound shipments on the public gateway (contract 6.9): announcing one (every field bounded, unknown
// properties refused, barcodes of another organization and archived units refused with their pointers, the
// date and the warehouse checked, Idempotency-Key replayed and 422 on another body), reading, paging (newest
// first, a walk unmoved by changes), changing and cancelling while AWAITING, 409 inbound-shipment-not-awaiting
// later, who may (a CONNECTOR never), two organizations side by side on one warehouse and one barcode, every
// state reached through real transitions, and the webhooks (never to a connector's endpoint nor its feed; a
// connector's endpoint may not subscribe to them). Every answer is checked against the served document.
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import {
  OpenApiValidator,
  SeededOrganization,
  TestDatabase,
  createTestClient,
  createTestDatabase,
  importFixture,
  inboundReceiving,
  seedOrganization,
  waitUntil,
} from '@gateway/testing';
import { WEBHOOK_EVENT_TYPES } from '@gateway/public-api';
import { ProblemError, createPublicClient, inboundShipments } from '@gateway/sdk';
import { callerTokens } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const LIST = '/v0/organizations/{organizationId}/inbound-shipments';
const ONE = `${LIST}/{inboundShipmentId}`;
const CANCEL = `${ONE}/cancel`;
const MISSING = '00000000-0000-4000-8000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('inbound shipments (public gateway)', () => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let receiver: WebhookReceiver;
  let validator: OpenApiValidator;
  let org: SeededOrganization;
  let other: SeededOrganization;
  let tokens: Record<string, string>;
  let otherTokens: Record<string, string>;
  let endpoints: { organization: { id: string; secret: string }; connector: { id: string; secret: string } };

  const http = () => request(gateway.app.getHttpServer());
  const check = (method: string, template: string, res: request.Response) => {
    expect(validator.errors(method, template, res.status, res.body, String(res.headers['content-type']).split(';')[0])).toEqual([]);
    return res;
  };
  const path = (organizationId = org.organizationId) => `/v0/organizations/${organizationId}/inbound-shipments`;
  const body = (extra: Record<string, unknown> = {}, target: SeededOrganization = org) => ({
    reference: `PO-${Math.random().toString(36).slice(2, 10)}`,
    warehouseId: target.warehouseId,
    expectedArrivalDate: dayFromToday(3),
    lines: [
      { barcode: target.barcodes[0], quantity: 4 },
      { barcode: target.barcodes[1], quantity: 2 },
    ],
    ...extra,
  });
  const create = async (sent: unknown, options: { key?: string; token?: string; organizationId?: string } = {}) => {
    let req = http()
      .post(path(options.organizationId))
      .set('Authorization', `Bearer ${options.token ?? tokens.organization}`);
    if (options.key) req = req.set('Idempotency-Key', options.key);
    return check('POST', LIST, await req.send(sent as object));
  };
  const announced = async (extra: Record<string, unknown> = {}) => {
    const res = await create(body(extra));
    expect(res.status).toBe(201);
    return res.body as { id: string; status: string; updatedAt: string } & Record<string, unknown>;
  };
  const read = async (id: string, token = tokens.organization, organizationId = org.organizationId) =>
    check(
      'GET',
      ONE,
      await http()
        .get(`${path(organizationId)}/${id}`)
        .set('Authorization', `Bearer ${token}`),
    );
  const list = async (query: Record<string, string | number>, token = tokens.organization) =>
    check('GET', LIST, await http().get(path()).query(query).set('Authorization', `Bearer ${token}`));
  const patch = async (id: string, sent: unknown, token = tokens.organization) =>
    check(
      'PATCH',
      ONE,
      await http()
        .patch(`${path()}/${id}`)
        .set('Authorization', `Bearer ${token}`)
        .send(sent as object),
    );
  const cancel = async (id: string, token = tokens.organization) =>
    check('POST', CANCEL, await http().post(`${path()}/${id}/cancel`).set('Authorization', `Bearer ${token}`));
  const pointers = (res: request.Response) => (res.body.errors as { pointer: string }[]).map((e) => e.pointer).sort();
  /** The webhooks an endpoint was sent for one shipment, verified, as { type, data }. */
  const delivered = (endpointPath: string, secret: string, id: string) =>
    receiver.received
      .filter((r) => r.path === endpointPath)
      .map((r) => new Webhook(secret).verify(r.body, r.headers) as { type: string; data: { id: string } & Record<string, unknown> })
      .filter((payload) => payload.data.id === id);

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    gateway = await startPublicGateway(database.url, { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_DISPATCH_INTERVAL_MS: '100' });
    validator = new OpenApiValidator((await http().get('/openapi.json')).body);
    org = await seedOrganization(database.db);
    // Another organization on the same warehouse, with the same barcodes.
    other = await seedOrganization(database.db, { warehouseId: org.warehouseId, barcodes: [org.barcodes[0], org.barcodes[1], `${org.barcodes[2]}-x`] });
    tokens = await callerTokens(gateway, database.url, org);
    otherTokens = await callerTokens(gateway, database.url, other);
    const register = async (token: string, endpointPath: string, eventTypes: string[]) => {
      const res = await http()
        .post(`/v0/organizations/${org.organizationId}/webhook-endpoints`)
        .set('Authorization', `Bearer ${token}`)
        .send({ url: receiver.url(endpointPath), eventTypes });
      expect(res.status).toBe(201);
      return { id: res.body.id as string, secret: res.body.secret as string };
    };
    endpoints = {
      organization: await register(tokens.organization, '/organization', [...WEBHOOK_EVENT_TYPES]),
      connector: await register(
        tokens.connector,
        '/connector',
        WEBHOOK_EVENT_TYPES.filter((type) => !type.startsWith('inbound_shipment.')),
      ),
    };
    // As an endpoint a connector registered before its inbound types were refused: subscribed to every type, so
    // that the fan-out's scope, not the subscription, is what keeps inbound shipments from it.
    await database.db.query('UPDATE webhook_endpoints SET event_types = $1 WHERE id = $2', [[...WEBHOOK_EVENT_TYPES], endpoints.connector.id]);
  });

  afterAll(async () => {
    await gateway.close();
    await receiver.close();
    await database.drop();
  });

  describe('announcing', () => {
    it('answers 201 with the shipment, its Location, and the lines with their skus; the read answers the same', async () => {
      const sent = body({
        carrier: 'DB Schenker',
        trackingNumber: 'SCH-1',
        trackingUrl: 'https://tracking.carrier.example/SCH-1',
      });
      const res = await create(sent);
      expect(res.status).toBe(201);
      const tag = org.organizationId.slice(0, 8);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        organizationId: org.organizationId,
        environment: 'live',
        warehouseId: org.warehouseId,
        reference: sent.reference,
        status: 'AWAITING',
        expectedArrivalDate: sent.expectedArrivalDate,
        carrier: 'DB Schenker',
        trackingNumber: 'SCH-1',
        trackingUrl: 'https://tracking.carrier.example/SCH-1',
        lines: [
          { barcode: org.barcodes[0], sku: `SKU-${tag}-1`, expectedQuantity: 4, receivedQuantity: 0 },
          { barcode: org.barcodes[1], sku: `SKU-${tag}-2`, expectedQuantity: 2, receivedQuantity: 0 },
        ],
        createdAt: expect.stringMatching(ISO_MS),
        updatedAt: res.body.createdAt,
      });
      expect(res.headers.location).toBe(`/v0/organizations/${org.organizationId}/inbound-shipments/${res.body.id}`);
      expect((await read(res.body.id)).body).toEqual(res.body);
    });

    it('accepts today (the earliest day still current somewhere) and refuses yesterday, impossible days and date-times', async () => {
      expect((await create(body({ expectedArrivalDate: dayFromToday(0) }))).status).toBe(201);
      for (const expectedArrivalDate of [dayFromToday(-2), '2027-02-30', '2027-13-01', '2027-01-01T00:00:00Z', '20270101', 20270101, null]) {
        const res = await create(body({ expectedArrivalDate }));
        expect([expectedArrivalDate, res.status, pointers(res)]).toEqual([expectedArrivalDate, 400, ['/expectedArrivalDate']]);
      }
    });

    it('bounds every field (lengths in code points) and refuses unknown properties, all at once with pointers', async () => {
      const emoji = '😀';
      // At the bounds, in astral characters (two UTF-16 units each): accepted.
      const atBounds = await create(
        body({
          reference: emoji.repeat(200),
          carrier: emoji.repeat(100),
          trackingNumber: emoji.repeat(100),
          lines: [{ barcode: org.barcodes[0], quantity: 1_000_000 }],
        }),
      );
      expect(atBounds.status).toBe(201);
      expect(atBounds.body.reference).toBe(emoji.repeat(200));
      const res = await create({
        ...body({
          reference: emoji.repeat(201),
          carrier: '',
          trackingNumber: 'x'.repeat(101),
          trackingUrl: 'http://tracking.example/1',
          lines: [
            { barcode: org.barcodes[0], quantity: 1_000_001 },
            { barcode: 'bad barcode', quantity: 0 },
            { barcode: org.barcodes[1], quantity: 1, note: 'x' },
          ],
        }),
        warehouseId: 'no spaces allowed',
        extra: true,
      });
      expect(res.status).toBe(400);
      expect(res.body.type).toMatch(/validation-failed$/);
      expect(pointers(res)).toEqual(
        [
          '/reference',
          '/carrier',
          '/trackingNumber',
          '/trackingUrl',
          '/lines/0/quantity',
          '/lines/1/barcode',
          '/lines/1/quantity',
          '/lines/2/note',
          '/warehouseId',
          '/extra',
        ].sort(),
      );
      expect((await create(body({ lines: [] }))).status).toBe(400);
      const tooMany = await create(body({ lines: Array.from({ length: 501 }, (_, i) => ({ barcode: `B${i}`, quantity: 1 })) }));
      expect([tooMany.status, pointers(tooMany)]).toEqual([400, ['/lines']]);
    });

    it('refuses a barcode of another organization, an archived unit, a repeated barcode and a warehouse the stores do not use, with pointers', async () => {
      await importFixture(database.db, {
        retailUnits: [{ organizationId: other.organizationId, barcode: `ONLY-${other.organizationId.slice(0, 8)}`, sku: 'O', name: 'Other' }],
        warehouses: [{ id: `wh-unused-${org.organizationId.slice(0, 8)}`, name: 'Unused' }],
      });
      const res = await create(
        body({
          warehouseId: `wh-unused-${org.organizationId.slice(0, 8)}`,
          lines: [
            { barcode: `ONLY-${other.organizationId.slice(0, 8)}`, quantity: 1 },
            { barcode: org.barcodes[2], quantity: 1 },
            { barcode: org.barcodes[0], quantity: 1 },
            { barcode: org.barcodes[0], quantity: 2 },
          ],
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { pointer: '/warehouseId', message: "is not a warehouse the organization's stores use" },
        { pointer: '/lines/0/barcode', message: 'is not a retail unit of this organization' },
        { pointer: '/lines/1/barcode', message: 'is an archived retail unit' },
        { pointer: '/lines/3/barcode', message: 'is named by an earlier line; barcodes must be distinct' },
      ]);
      expect(Number((await database.db.query('SELECT count(*) FROM inbound_shipments WHERE reference = $1', [res.body.reference])).rows[0].count)).toBe(0);
    });

    it('replays the first answer for the same Idempotency-Key and body, and answers 422 for another body', async () => {
      const sent = body();
      const first = await create(sent, { key: 'po-key-1' });
      expect(first.status).toBe(201);
      const again = await create(sent, { key: 'po-key-1' });
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      const changed = await create({ ...sent, reference: 'another' }, { key: 'po-key-1' });
      expect(changed.status).toBe(422);
      expect(changed.body.type).toMatch(/idempotency-key-reused$/);
      expect(Number((await database.db.query('SELECT count(*) FROM inbound_shipments WHERE reference = $1', [sent.reference])).rows[0].count)).toBe(1);
    });
  });

  describe('who may', () => {
    it('lets the OWNER, the ORGANIZATION and a SERVICE client announce, read, change and cancel; a CONNECTOR and a MEMBER get 403 on all of it', async () => {
      for (const token of [tokens.owner, tokens.organization, tokens.service]) {
        const created = await create(body(), { token });
        expect(created.status).toBe(201);
        expect((await read(created.body.id, token)).status).toBe(200);
        expect((await list({}, token)).status).toBe(200);
        expect((await patch(created.body.id, { carrier: 'X' }, token)).status).toBe(200);
        expect((await cancel(created.body.id, token)).status).toBe(200);
      }
      const existing = await announced();
      for (const token of [tokens.connector, tokens.member]) {
        expect((await create(body(), { token })).status).toBe(403);
        expect((await read(existing.id, token)).status).toBe(403);
        expect((await list({}, token)).status).toBe(403);
        expect((await patch(existing.id, { carrier: 'X' }, token)).status).toBe(403);
        expect((await cancel(existing.id, token)).status).toBe(403);
      }
      expect((await read(existing.id)).body.status).toBe('AWAITING');
      // Another organization's client: 403; an unknown id: 404.
      expect((await read(existing.id, otherTokens.organization)).status).toBe(403);
      expect((await read(MISSING)).status).toBe(404);
    });

    it('keeps two organizations on one warehouse and one barcode apart', async () => {
      const mine = await announced();
      const theirs = await create(body({}, other), { token: otherTokens.organization, organizationId: other.organizationId });
      expect(theirs.status).toBe(201);
      expect(theirs.body.lines.map((l: { barcode: string }) => l.barcode)).toEqual([org.barcodes[0], org.barcodes[1]]);
      expect((await read(theirs.body.id)).status).toBe(404);
      expect((await read(mine.id, otherTokens.organization, other.organizationId)).status).toBe(404);
      const ids = async (organizationId: string, token: string) =>
        (await http().get(path(organizationId)).query({ limit: 100 }).set('Authorization', `Bearer ${token}`)).body.items.map((s: { id: string }) => s.id);
      expect(await ids(org.organizationId, tokens.organization)).not.toContain(theirs.body.id);
      expect(await ids(other.organizationId, otherTokens.organization)).toEqual([theirs.body.id]);
      // Receiving theirs moves their level, not ours.
      const levelOf = async (organizationId: string) =>
        Number(
          (
            await database.db.query('SELECT on_hand FROM inventory_levels WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3', [
              organizationId,
              org.warehouseId,
              org.barcodes[0],
            ])
          ).rows[0]?.on_hand ?? 0,
        );
      const before = [await levelOf(org.organizationId), await levelOf(other.organizationId)];
      await inboundReceiving(database.db).receive(other.organizationId, theirs.body.id, [{ barcode: org.barcodes[0], quantity: 3 }]);
      expect([await levelOf(org.organizationId), await levelOf(other.organizationId)]).toEqual([before[0], before[1] + 3]);
      await expect(inboundReceiving(database.db).receive(other.organizationId, mine.id, [{ barcode: org.barcodes[0], quantity: 1 }])).rejects.toMatchObject({
        problem: { status: 404, detail: 'The inbound shipment does not exist in this organization.' },
      });
    });
  });

  describe('reading in pages', () => {
    it('pages by status and updatedSince, newest first, and refuses a cursor sent with another query', async () => {
      const since = new Date().toISOString();
      const made = [await announced(), await announced(), await announced()];
      await cancel(made[1].id);
      const awaiting: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list({ status: 'AWAITING', updatedSince: since, limit: 1, ...(cursor ? { cursor } : {}) });
        expect(page.status).toBe(200);
        awaiting.push(...page.body.items.map((s: { id: string; status: string }) => s.id));
        cursor = page.body.nextCursor ?? undefined;
      } while (cursor);
      expect(awaiting).toEqual([made[2].id, made[0].id]);
      const cancelled = await list({ status: 'CANCELLED', updatedSince: since });
      expect(cancelled.body.items.map((s: { id: string }) => s.id)).toEqual([made[1].id]);
      // The cancel changed made[1] last; it keeps its place: newest first is by creation, as the sales orders'.
      const all = await list({ updatedSince: since });
      expect(all.body.items.map((s: { id: string }) => s.id)).toEqual([made[2].id, made[1].id, made[0].id]);
      const first = await list({ status: 'AWAITING', updatedSince: since, limit: 1 });
      const mixed = await list({ status: 'CANCELLED', updatedSince: since, cursor: first.body.nextCursor });
      expect(mixed.status).toBe(400);
      for (const query of [{ status: 'SHIPPED' }, { updatedSince: 'yesterday' }, { limit: 0 }, { limit: 101 }, { cursor: 'forged' }, { unknown: 1 }] as Record<
        string,
        string | number
      >[]) {
        expect([query, (await list(query)).status]).toEqual([query, 400]);
      }
    });

    it('a walk through the pages while shipments change neither skips nor repeats one; the next poll from its start sees the changes', async () => {
      const since = new Date().toISOString();
      const made = [await announced(), await announced(), await announced(), await announced()];
      const walkStart = new Date().toISOString();
      const seen: string[] = [];
      let page = await list({ updatedSince: since, limit: 2 });
      seen.push(...page.body.items.map((s: { id: string }) => s.id));
      // Between two pages: one shipment already read and one not yet read change.
      await patch(made[3].id, { carrier: 'Changed after it was read' });
      await patch(made[0].id, { carrier: 'Changed before it was read' });
      page = await list({ updatedSince: since, limit: 2, cursor: page.body.nextCursor });
      seen.push(...page.body.items.map((s: { id: string }) => s.id));
      expect(page.body.nextCursor).toBeNull();
      expect(seen).toEqual([made[3].id, made[2].id, made[1].id, made[0].id]);
      // The poller's next walk, from the moment its last one began, holds both changes.
      const next = await list({ updatedSince: walkStart });
      expect(next.body.items.map((s: { id: string; carrier: string }) => [s.id, s.carrier])).toEqual([
        [made[3].id, 'Changed after it was read'],
        [made[0].id, 'Changed before it was read'],
      ]);
    });
  });

  describe('changing and cancelling', () => {
    it('PATCH replaces the fields sent and the lines whole while AWAITING; the same values again change nothing', async () => {
      const shipment = await announced();
      const res = await patch(shipment.id, {
        expectedArrivalDate: dayFromToday(10),
        carrier: 'DHL Freight',
        trackingUrl: 'https://TRACKING.carrier.example/a b',
        lines: [{ barcode: org.barcodes[1], quantity: 7 }],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'AWAITING',
        expectedArrivalDate: dayFromToday(10),
        carrier: 'DHL Freight',
        trackingUrl: 'https://tracking.carrier.example/a%20b',
        lines: [{ barcode: org.barcodes[1], sku: expect.any(String), expectedQuantity: 7, receivedQuantity: 0 }],
      });
      expect(res.body.updatedAt > shipment.updatedAt).toBe(true);
      const same = await patch(shipment.id, { carrier: 'DHL Freight', lines: [{ barcode: org.barcodes[1], quantity: 7 }] });
      expect(same.body).toEqual(res.body);
      const events = await database.db.query("SELECT count(*) FROM domain_events WHERE aggregate_id = $1 AND type = 'InboundShipmentUpdated'", [shipment.id]);
      expect(Number(events.rows[0].count)).toBe(1);
      const refused = await patch(shipment.id, { expectedArrivalDate: dayFromToday(-2), lines: [{ barcode: org.barcodes[2], quantity: 1 }], reference: 'x' });
      expect([refused.status, pointers(refused)]).toEqual([400, ['/expectedArrivalDate', '/reference']]);
      const archived = await patch(shipment.id, { lines: [{ barcode: org.barcodes[2], quantity: 1 }] });
      expect(archived.body.errors).toEqual([{ pointer: '/lines/0/barcode', message: 'is an archived retail unit' }]);
      expect((await patch(MISSING, { carrier: 'x' })).status).toBe(404);
    });

    it('walks every state through real transitions: AWAITING, RECEIVING, COMPLETED (by itself and closed), CANCELLED; later states answer 409', async () => {
      const receiving = inboundReceiving(database.db);
      // AWAITING -> CANCELLED, and cancel again: 200, unchanged.
      const toCancel = await announced();
      const cancelled = await cancel(toCancel.id);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ status: 'CANCELLED', cancelledAt: expect.stringMatching(ISO_MS) });
      expect((await cancel(toCancel.id)).body).toEqual(cancelled.body);
      // AWAITING -> RECEIVING -> COMPLETED by itself once every line received what was announced.
      const toReceive = await announced();
      expect((await receiving.receive(org.organizationId, toReceive.id, [{ barcode: org.barcodes[0], quantity: 4 }])).status).toBe('RECEIVING');
      const inReceipt = await read(toReceive.id);
      expect(inReceipt.body.status).toBe('RECEIVING');
      const completed = await receiving.receive(org.organizationId, toReceive.id, [{ barcode: org.barcodes[1], quantity: 2 }]);
      expect(completed).toMatchObject({ status: 'COMPLETED', completedAt: expect.stringMatching(ISO_MS) });
      // RECEIVING -> COMPLETED by closing, with less than announced.
      const toClose = await announced();
      await receiving.receive(org.organizationId, toClose.id, [{ barcode: org.barcodes[0], quantity: 1 }]);
      const closing = await read(toClose.id);
      expect((await receiving.close(org.organizationId, toClose.id)).status).toBe('COMPLETED');

      for (const id of [toReceive.id, toClose.id]) {
        const before = (await read(id)).body;
        const refusedPatch = await patch(id, { carrier: 'late' });
        expect(refusedPatch.status).toBe(409);
        expect(refusedPatch.body).toMatchObject({
          type: expect.stringMatching(/inbound-shipment-not-awaiting$/),
          detail: expect.stringContaining('COMPLETED'),
        });
        const refusedCancel = await cancel(id);
        expect(refusedCancel.status).toBe(409);
        expect(refusedCancel.body.type).toMatch(/inbound-shipment-not-awaiting$/);
        expect((await read(id)).body).toEqual(before);
      }
      // A RECEIVING one refuses PATCH and cancel too.
      const stillReceiving = await announced();
      await receiving.receive(org.organizationId, stillReceiving.id, [{ barcode: org.barcodes[0], quantity: 1 }]);
      const refused = await cancel(stillReceiving.id);
      expect([refused.status, refused.body.detail]).toEqual([
        409,
        'The inbound shipment is RECEIVING: it can be cancelled only while it is AWAITING. Nothing was changed.',
      ]);
      expect((await patch(stillReceiving.id, { carrier: 'late' })).status).toBe(409);
      // Neither a cancelled nor a completed shipment can be received or closed again.
      await expect(receiving.receive(org.organizationId, toCancel.id, [{ barcode: org.barcodes[0], quantity: 1 }])).rejects.toMatchObject({
        problem: { status: 409, detail: expect.stringMatching(/CANCELLED cannot be received/) },
      });
      await expect(receiving.close(org.organizationId, toClose.id)).rejects.toMatchObject({
        problem: { status: 409, detail: expect.stringMatching(/COMPLETED cannot be completed/) },
      });
      expect([inReceipt.body.status, closing.body.status]).toEqual(['RECEIVING', 'RECEIVING']);
    });
  });

  describe('the SDK', () => {
    it('announces (retried with the same key: one shipment), lists, reads, changes and cancels; a later cancel throws the problem', async () => {
      const client = await createTestClient(database.url, { type: 'ORGANIZATION', organizationId: org.organizationId });
      const api = createPublicClient({ baseUrl: gateway.url, clientId: client.clientId, clientSecret: client.clientSecret });
      const inbound = inboundShipments(api, org.organizationId);
      const sent = body();
      const created = await inbound.create(sent, { idempotencyKey: 'sdk-po-1' });
      expect(await inbound.create(sent, { idempotencyKey: 'sdk-po-1' })).toEqual(created);
      expect(await inbound.get(created.id)).toEqual(created);
      const listed: string[] = [];
      for await (const shipment of inbound.list({ status: 'AWAITING', updatedSince: created.createdAt, limit: 1 })) listed.push(shipment.id);
      expect(listed).toContain(created.id);
      expect((await inbound.update(created.id, { carrier: 'SDK Freight' })).carrier).toBe('SDK Freight');
      expect((await inbound.cancel(created.id)).status).toBe('CANCELLED');
      const other = await inbound.create(body());
      await inboundReceiving(database.db).receive(org.organizationId, other.id, [{ barcode: org.barcodes[0], quantity: 1 }]);
      const refusal = await inbound.cancel(other.id).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ProblemError);
      expect((refusal as ProblemError).problem).toMatchObject({ status: 409, type: '/problems/inbound-shipment-not-awaiting' });
    });
  });

  describe('webhooks and the events feed', () => {
    it("refuses inbound_shipment.* on a connector's endpoint, at registration and on PATCH, with a 400 pointing at each", async () => {
      const endpointsPath = `/v0/organizations/${org.organizationId}/webhook-endpoints`;
      const refused = (pointers: [number, string][]) => ({
        type: expect.stringMatching(/\/validation-failed$/),
        title: 'Bad Request',
        status: 400,
        detail: "The event types name events a connector's endpoint is never sent.",
        errors: pointers.map(([index, type]) => ({
          pointer: `/eventTypes/${index}`,
          message: `${type} is never sent to a connector's endpoint: connectors cannot see inbound shipments`,
        })),
      });
      const registered = await http()
        .post(endpointsPath)
        .set('Authorization', `Bearer ${tokens.connector}`)
        .send({ url: receiver.url('/refused'), eventTypes: ['sales_order.created', 'inbound_shipment.created', 'inbound_shipment.received'] });
      check('POST', '/v0/organizations/{organizationId}/webhook-endpoints', registered);
      expect(registered.status).toBe(400);
      expect(registered.body).toEqual(
        refused([
          [1, 'inbound_shipment.created'],
          [2, 'inbound_shipment.received'],
        ]),
      );
      const changed = await http()
        .patch(`${endpointsPath}/${endpoints.connector.id}`)
        .set('Authorization', `Bearer ${tokens.connector}`)
        .send({ eventTypes: ['inbound_shipment.cancelled'] });
      check('PATCH', '/v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}', changed);
      expect(changed.status).toBe(400);
      expect(changed.body).toEqual(refused([[0, 'inbound_shipment.cancelled']]));
      // The organization's own clients subscribe to them as to any other type.
      const own = await http()
        .post(endpointsPath)
        .set('Authorization', `Bearer ${tokens.organization}`)
        .send({ url: receiver.url('/own'), eventTypes: ['inbound_shipment.created'] });
      expect(own.status).toBe(201);
      await http().delete(`${endpointsPath}/${own.body.id}`).set('Authorization', `Bearer ${tokens.organization}`).expect(204);
    });

    it('sends created, updated, received (with the receipt), completed and cancelled to the organization, never to a connector', async () => {
      const receiving = inboundReceiving(database.db);
      const shipment = await announced();
      await patch(shipment.id, { carrier: 'Changed' });
      await receiving.receive(org.organizationId, shipment.id, [
        { barcode: org.barcodes[0], quantity: 5 },
        { barcode: org.barcodes[1], quantity: 1 },
      ]);
      await receiving.receive(org.organizationId, shipment.id, [{ barcode: org.barcodes[1], quantity: 1 }]);
      const toCancel = await announced();
      await cancel(toCancel.id);
      const types = () => delivered('/organization', endpoints.organization.secret, shipment.id).map((p) => p.type);
      await waitUntil(
        () => types().includes('inbound_shipment.completed') && delivered('/organization', endpoints.organization.secret, toCancel.id).length >= 2,
      );
      const expected = [
        'inbound_shipment.created',
        'inbound_shipment.updated',
        'inbound_shipment.received',
        'inbound_shipment.received',
        'inbound_shipment.completed',
      ];
      // Deliveries run concurrently, so they may arrive in any order; the feed keeps the order of the log.
      expect([...types()].sort()).toEqual([...expected].sort());
      const receipts = delivered('/organization', endpoints.organization.secret, shipment.id)
        .filter((p) => p.type === 'inbound_shipment.received')
        .sort((a, b) => (a.data.receipt as { lines: unknown[] }).lines.length - (b.data.receipt as { lines: unknown[] }).lines.length)
        .reverse();
      const tag = org.organizationId.slice(0, 8);
      expect(receipts.map((p) => p.data.receipt)).toEqual([
        {
          lines: [
            { barcode: org.barcodes[0], sku: `SKU-${tag}-1`, quantity: 5 },
            { barcode: org.barcodes[1], sku: `SKU-${tag}-2`, quantity: 1 },
          ],
        },
        { lines: [{ barcode: org.barcodes[1], sku: `SKU-${tag}-2`, quantity: 1 }] },
      ]);
      const completed = delivered('/organization', endpoints.organization.secret, shipment.id).find((p) => p.type === 'inbound_shipment.completed');
      expect(completed!.data).toEqual((await read(shipment.id)).body);
      expect(
        delivered('/organization', endpoints.organization.secret, toCancel.id)
          .map((p) => p.type)
          .sort(),
      ).toEqual(['inbound_shipment.cancelled', 'inbound_shipment.created']);
      // Stock arrived: inventory_level.changed reaches the organization and the connector (its store's warehouse).
      const levelChanges = (endpointPath: string, secret: string) =>
        receiver.received
          .filter((r) => r.path === endpointPath)
          .map((r) => new Webhook(secret).verify(r.body, r.headers) as { type: string })
          .filter((p) => p.type === 'inventory_level.changed').length;
      await waitUntil(() => levelChanges('/connector', endpoints.connector.secret) > 0);
      const connectorTypes = receiver.received
        .filter((r) => r.path === '/connector')
        .map((r) => (new Webhook(endpoints.connector.secret).verify(r.body, r.headers) as { type: string }).type);
      expect(connectorTypes.filter((t) => t.startsWith('inbound_shipment.'))).toEqual([]);

      const feed = async (token: string) =>
        (await http().get(`/v0/organizations/${org.organizationId}/events`).query({ limit: 100 }).set('Authorization', `Bearer ${token}`)).body.items as {
          type: string;
          data: { id?: string };
        }[];
      const organizationFeed = await feed(tokens.organization);
      expect(organizationFeed.filter((e) => e.data.id === shipment.id).map((e) => e.type)).toEqual(expected);
      const connectorFeed = await feed(tokens.connector);
      expect(connectorFeed.filter((e) => e.type.startsWith('inbound_shipment.'))).toEqual([]);
      expect(connectorFeed.some((e) => e.type === 'inventory_level.changed')).toBe(true);

      // recover sends the organization's endpoint its inbound shipment events again (the same webhook-id); the connector's none.
      const ids = (endpointPath: string) => receiver.received.filter((r) => r.path === endpointPath).map((r) => String(r.headers['webhook-id']));
      const before = { organization: ids('/organization').length, connector: ids('/connector').length };
      const since = new Date(Date.now() - 3600_000).toISOString();
      for (const endpoint of [endpoints.organization, endpoints.connector]) {
        const recovered = await http()
          .post(`/v0/organizations/${org.organizationId}/webhook-endpoints/${endpoint.id}/recover`)
          .set('Authorization', `Bearer ${tokens.organization}`)
          .send({ since });
        expect(recovered.status).toBe(202);
      }
      await waitUntil(() => delivered('/organization', endpoints.organization.secret, shipment.id).length >= 2 * expected.length);
      expect(
        delivered('/organization', endpoints.organization.secret, shipment.id)
          .map((p) => p.type)
          .sort(),
      ).toEqual([...expected, ...expected].sort());
      await waitUntil(() => ids('/connector').length > before.connector);
      const connectorAfter = receiver.received
        .filter((r) => r.path === '/connector')
        .map((r) => (new Webhook(endpoints.connector.secret).verify(r.body, r.headers) as { type: string }).type);
      expect(connectorAfter.filter((t) => t.startsWith('inbound_shipment.'))).toEqual([]);
      expect(before.organization).toBeGreaterThan(0);
    });
  });
});
