// Release channels on the internal gateway: assigning one (with its event, in one transaction), the
// feature list and its order, the organization record; every answer checked against the served document.
import { SeededOrganization, importFixture, seedOrganization } from '@gateway/testing';
import { as, internalAndPublicTokens, useInternalGateway } from './support/start-internal-gateway';

const MISSING = '00000000-0000-4000-8000-000000000000';

const FEATURES = [
  { name: 'returns-portal', description: 'Customers register returns themselves', releaseChannel: 'STABLE' as const },
  { name: 'Bulk-labels', description: 'Print labels in bulk', releaseChannel: 'STABLE' as const },
  { name: 'smart-allocation', description: 'Allocate from the nearest warehouse', releaseChannel: 'BETA' as const },
  { name: 'ai-forecast', description: 'Forecast stock needs', releaseChannel: 'ALPHA' as const },
  { name: 'Auto-reorder', description: '', releaseChannel: 'ALPHA' as const },
];
// Most stable channel first, then by name bytewise (capitals before lower case).
const ORDERED = [FEATURES[1], FEATURES[0], FEATURES[2], FEATURES[4], FEATURES[3]];

describe('internal gateway: release channels', () => {
  const { database, gateway } = useInternalGateway();
  let tokens: { internal: string; public: string };
  let org: SeededOrganization;
  let clientId: string;

  const api = () => as(gateway, tokens.internal);
  const events = async (organizationId: string) =>
    (
      await database.db.query(
        `SELECT type, aggregate_type, aggregate_id, barcode, payload, initiator FROM domain_events WHERE organization_id = $1 AND type = 'ReleaseChannelAssigned' ORDER BY sequence`,
        [organizationId],
      )
    ).rows;
  const eventCount = async () => Number((await database.db.query('SELECT count(*) AS n FROM domain_events')).rows[0].n);

  beforeAll(async () => {
    tokens = await internalAndPublicTokens(gateway.issuer, database.url);
    clientId = JSON.parse(Buffer.from(tokens.internal.split('.')[1], 'base64url').toString()).client_id;
    org = await seedOrganization(database.db);
    await importFixture(database.db, { releaseChannelFeatures: FEATURES });
  });

  describe('GET /internal-tools/release-channel-features', () => {
    it('lists every feature, most stable channel first, then by name', async () => {
      const res = await api().get('/internal-tools/release-channel-features').expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual(ORDERED);
    });

    it('refuses a request without a token and one with a public-audience token', async () => {
      const none = await as(gateway).get('/internal-tools/release-channel-features').expect(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="internal"');
      const wrong = await as(gateway, tokens.public).get('/internal-tools/release-channel-features').expect(401);
      expect(wrong.headers['www-authenticate']).toMatch(/^Bearer realm="internal", error="invalid_token"/);
    });
  });

  describe('POST /organizations/{organizationId}/release-channel', () => {
    it('assigns the channel, answers success and appends one event in the same transaction', async () => {
      const res = await api().post(`/organizations/${org.organizationId}/release-channel`, { releaseChannel: 'BETA' }).expect(200);
      expect(res.body).toEqual({ outcome: 'success', organizationId: org.organizationId, releaseChannel: 'BETA' });
      expect(await events(org.organizationId)).toEqual([
        {
          type: 'ReleaseChannelAssigned',
          aggregate_type: 'Organization',
          aggregate_id: org.organizationId,
          barcode: null,
          payload: { releaseChannel: 'BETA', previousReleaseChannel: 'STABLE' },
          initiator: clientId,
        },
      ]);
      const record = await api().get(`/organizations/${org.organizationId}`).expect(200);
      expect(record.body.releaseChannel).toBe('BETA');
      expect(record.body.features).toEqual(ORDERED.filter((f) => f.releaseChannel !== 'ALPHA'));
    });

    it('answers success again for the channel the organization is already on, and records no change', async () => {
      const before = await eventCount();
      const res = await api().post(`/organizations/${org.organizationId}/release-channel`, { releaseChannel: 'BETA' }).expect(200);
      expect(res.body).toEqual({ outcome: 'success', organizationId: org.organizationId, releaseChannel: 'BETA' });
      expect(await eventCount()).toBe(before);
    });

    it('echoes the organization id in its canonical lower-case form', async () => {
      const res = await api().post(`/organizations/${org.organizationId.toUpperCase()}/release-channel`, { releaseChannel: 'ALPHA' }).expect(200);
      expect(res.body).toEqual({ outcome: 'success', organizationId: org.organizationId, releaseChannel: 'ALPHA' });
      const record = await api().get(`/organizations/${org.organizationId}`).expect(200);
      expect(record.body.features).toEqual(ORDERED);
    });

    it('keeps the event chain consistent under concurrent assignments', async () => {
      const other = await seedOrganization(database.db);
      const channels = ['ALPHA', 'BETA', 'STABLE', 'ALPHA', 'BETA', 'STABLE', 'BETA', 'ALPHA', 'ALPHA', 'STABLE'];
      const answers = await Promise.all(
        channels.map((releaseChannel) => api().post(`/organizations/${other.organizationId}/release-channel`, { releaseChannel })),
      );
      expect(answers.map((a) => a.status)).toEqual(channels.map(() => 200));
      const chain = (await events(other.organizationId)).map((e) => e.payload as { releaseChannel: string; previousReleaseChannel: string });
      let current = 'STABLE';
      for (const event of chain) {
        expect(event.previousReleaseChannel).toBe(current);
        expect(event.releaseChannel).not.toBe(current);
        current = event.releaseChannel;
      }
      expect((await api().get(`/organizations/${other.organizationId}`).expect(200)).body.releaseChannel).toBe(current);
    });

    it.each([
      ['no body', undefined, [{ pointer: '/releaseChannel', message: 'is required' }]],
      ['an empty object', {}, [{ pointer: '/releaseChannel', message: 'is required' }]],
      ['a lower-case channel', { releaseChannel: 'beta' }, [{ pointer: '/releaseChannel', message: 'must be one of STABLE, BETA, ALPHA' }]],
      ['a number', { releaseChannel: 1 }, [{ pointer: '/releaseChannel', message: 'must be one of STABLE, BETA, ALPHA' }]],
      ['null', { releaseChannel: null }, [{ pointer: '/releaseChannel', message: 'is required' }]],
      ['an unknown property', { releaseChannel: 'BETA', channel: 'BETA' }, [{ pointer: '/channel', message: 'is not a known property' }]],
    ])('refuses %s with a 400 problem pointing at it, and changes nothing', async (_name, body, errors) => {
      const before = await eventCount();
      const res = await api().post(`/organizations/${org.organizationId}/release-channel`, body).expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toEqual({ type: '/problems/validation-failed', title: 'Bad Request', status: 400, detail: 'The request is not valid.', errors });
      expect(await eventCount()).toBe(before);
    });

    it('refuses a malformed organization id with 400 and an unknown one with 404', async () => {
      const bad = await api().post('/organizations/not-a-uuid/release-channel', { releaseChannel: 'BETA' }).expect(400);
      expect(bad.body.errors).toEqual([{ pointer: '/path/organizationId', message: 'must be a UUID' }]);
      const before = await eventCount();
      const missing = await api().post(`/organizations/${MISSING}/release-channel`, { releaseChannel: 'BETA' }).expect(404);
      expect(missing.body).toEqual({ type: '/problems/not-found', title: 'Not Found', status: 404, detail: 'The organization does not exist.' });
      expect(await eventCount()).toBe(before);
    });

    it('refuses a request without a token and one with a public-audience token', async () => {
      await as(gateway).post(`/organizations/${org.organizationId}/release-channel`, { releaseChannel: 'BETA' }).expect(401);
      await as(gateway, tokens.public).post(`/organizations/${org.organizationId}/release-channel`, { releaseChannel: 'BETA' }).expect(401);
    });
  });

  it.each([
    ['text/plain', '{"releaseChannel":"BETA"}'],
    ['application/x-www-form-urlencoded', 'releaseChannel=BETA'],
  ])('answers a %s body with 415', async (type, raw) => {
    const res = await api().post(`/organizations/${org.organizationId}/release-channel`).set('Content-Type', type).send(raw);
    expect(res.status).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({
      type: '/problems/unsupported-media-type',
      title: 'Unsupported Media Type',
      status: 415,
      detail: 'The body must be application/json.',
    });
  });

  it.each(['[]', '"BETA"', 'null'])('answers the body %s, valid JSON but not an object, with 400 at the root', async (raw) => {
    const res = await api().post(`/organizations/${org.organizationId}/release-channel`).set('Content-Type', 'application/json').send(raw);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ pointer: '', message: 'must be a JSON object' }]);
  });

  describe('GET /organizations/{organizationId}', () => {
    it('answers the exact record: channel, the features on for it, the inventory-sync settings', async () => {
      const fresh = await seedOrganization(database.db);
      const res = await api().get(`/organizations/${fresh.organizationId}`).expect(200);
      expect(res.body).toEqual({
        id: fresh.organizationId,
        name: `Organization ${fresh.organizationId.slice(0, 8)}`,
        releaseChannel: 'STABLE',
        environment: 'live',
        autoAdvance: false,
        features: ORDERED.filter((f) => f.releaseChannel === 'STABLE'),
        inventorySync: { mode: 'DEFAULT', overriddenBarcodes: [] },
      });
    });

    it('answers 400 for a malformed id, 404 for an unknown one, 401 without an internal token', async () => {
      expect((await api().get('/organizations/123').expect(400)).body.errors).toEqual([{ pointer: '/path/organizationId', message: 'must be a UUID' }]);
      expect((await api().get(`/organizations/${MISSING}`).expect(404)).body.detail).toBe('The organization does not exist.');
      await as(gateway).get(`/organizations/${org.organizationId}`).expect(401);
      await as(gateway, tokens.public).get(`/organizations/${org.organizationId}`).expect(401);
    });
  });
});
