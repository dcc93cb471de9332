// POST /internal-tools/clarify-inventory-levels: acknowledged at once; a pg-boss job rebuilds the levels from
// the event log, records the initiator, survives a restart and runs once across replicas.
import { projectLevel } from '@gateway/domain';
import { SeededOrganization, seedOrganization, useTestDatabase } from '@gateway/testing';
import { clarificationsBy, dispatch, eventsOf, levelPayloads, storedLevel, waitForClarifications } from './support/inventory-queries';
import { startInternalGateway, useInternalGateway } from './support/start-internal-gateway';

describe('clarify-inventory-levels', () => {
  const { database, gateway } = useInternalGateway();
  let org: SeededOrganization;

  beforeAll(async () => {
    org = await seedOrganization(database.db);
  });

  const clarify = (body: unknown, target = gateway) => target.post('/internal-tools/clarify-inventory-levels', body);
  const corrupt = (barcode: string, onHand: number) =>
    database.db.query('UPDATE inventory_levels SET on_hand = $4, pending_allocation = 2 WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3', [
      org.organizationId,
      org.warehouseId,
      barcode,
      onHand,
    ]);

  it('acknowledges at once, then repairs a level corrupted on purpose and records who asked', async () => {
    await corrupt(org.barcodes[0], 77);
    const res = await clarify({ organizationId: org.organizationId, initiator: 'alice@ops.example', barcodes: [org.barcodes[0], org.barcodes[1]] });
    expect(res.status).toBe(202);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ outcome: 'ACKNOWLEDGED' });

    const [clarification] = await waitForClarifications(database.db, 'alice@ops.example');
    expect(await storedLevel(database.db, org.organizationId, org.warehouseId, org.barcodes[0])).toEqual({ onHand: 10, allocated: 0, pendingAllocation: 0 });
    expect(await storedLevel(database.db, org.organizationId, org.warehouseId, org.barcodes[1])).toEqual({ onHand: 5, allocated: 1, pendingAllocation: 0 });
    expect(clarification).toEqual({
      id: clarification.id,
      organizationId: org.organizationId,
      initiator: 'alice@ops.example',
      barcodes: [org.barcodes[0], org.barcodes[1]],
      completed: true,
      result: {
        levels: 2,
        repaired: [{ warehouseId: org.warehouseId, barcode: org.barcodes[0], previous: { onHand: 77, allocated: 0, pendingAllocation: 2 } }],
      },
    });
    expect((await eventsOf(database.db, clarification.id)).map((e) => [e.type, e.initiator])).toEqual([
      ['InventoryClarificationRequested', 'alice@ops.example'],
      ['InventoryClarificationCompleted', 'alice@ops.example'],
    ]);
    const rebuilt = (await eventsOf(database.db, `${org.warehouseId}/${org.barcodes[0]}`)).at(-1);
    expect(rebuilt).toEqual({
      type: 'InventoryLevelRebuilt',
      aggregateType: 'InventoryLevel',
      warehouseId: org.warehouseId,
      barcode: org.barcodes[0],
      initiator: 'alice@ops.example',
      payload: {
        clarificationId: clarification.id,
        previous: { onHand: 77, allocated: 0, pendingAllocation: 2 },
        set: { onHand: 10, allocated: 0, pendingAllocation: 0 },
      },
    });
  });

  it('records the rebuild so that the log still projects to the level, before and after later changes', async () => {
    const barcode = org.barcodes[1];
    await corrupt(barcode, 40);
    await clarify({ organizationId: org.organizationId, initiator: 'bob@ops.example', barcodes: [barcode] }).expect(202);
    await waitForClarifications(database.db, 'bob@ops.example');
    const projected = async () => projectLevel(await levelPayloads(database.db, org.organizationId, org.warehouseId, barcode));
    expect(await projected()).toEqual(await storedLevel(database.db, org.organizationId, org.warehouseId, barcode));

    await dispatch(gateway, org.organizationId, 'RECEIVE_STOCK', { warehouseId: org.warehouseId, barcode, quantity: 3 });
    expect(await storedLevel(database.db, org.organizationId, org.warehouseId, barcode)).toEqual({ onHand: 8, allocated: 1, pendingAllocation: 0 });
    expect(await projected()).toEqual({ onHand: 8, allocated: 1, pendingAllocation: 0 });
  });

  it('records a refusal, and changes no level, when the log projects to an impossible level', async () => {
    const barcode = org.barcodes[0];
    const before = await storedLevel(database.db, org.organizationId, org.warehouseId, barcode);
    await database.db.query(
      `INSERT INTO domain_events (id, organization_id, type, aggregate_type, aggregate_id, warehouse_id, barcode, payload)
       VALUES (gen_random_uuid(), $1, 'Corruption', 'InventoryLevel', $2 || '/' || $3, $2, $3, '{"delta":{"onHand":0,"allocated":0,"pendingAllocation":-100}}')`,
      [org.organizationId, org.warehouseId, barcode],
    );
    await clarify({ organizationId: org.organizationId, initiator: 'dave@ops.example', barcodes: [barcode] }).expect(202);
    const [clarification] = await waitForClarifications(database.db, 'dave@ops.example');
    expect(clarification.result).toEqual({
      refused: `The event log of ${barcode} at ${org.warehouseId} projects to a negative quantity; the level was left as it is.`,
    });
    expect(await storedLevel(database.db, org.organizationId, org.warehouseId, barcode)).toEqual(before);
    expect((await eventsOf(database.db, clarification.id)).map((e) => e.type)).toEqual(['InventoryClarificationRequested', 'InventoryClarificationRefused']);
    // Repair the log for the tests that follow: a later import-like event sets the level again.
    await database.db.query(
      `INSERT INTO domain_events (id, organization_id, type, aggregate_type, aggregate_id, warehouse_id, barcode, payload)
       VALUES (gen_random_uuid(), $1, 'Repair', 'InventoryLevel', $2 || '/' || $3, $2, $3, $4)`,
      [org.organizationId, org.warehouseId, barcode, JSON.stringify({ set: before })],
    );
  });

  it('answers an invalid body with every problem and its pointer', async () => {
    const res = await clarify({ organizationId: 'acme', initiator: '', barcodes: [], priority: 'high' });
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('/problems/validation-failed');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { pointer: '/organizationId', message: 'must be a UUID' },
        { pointer: '/initiator', message: 'must be 1 to 200 characters' },
        { pointer: '/barcodes', message: 'must name at least 1 barcode' },
        { pointer: '/priority', message: 'is not a known property' },
      ]),
    );
    expect(res.body.errors).toHaveLength(4);
  });

  it('answers an empty body with "is required" for each field', async () => {
    const res = await clarify({});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { pointer: '/organizationId', message: 'is required' },
      { pointer: '/initiator', message: 'is required' },
      { pointer: '/barcodes', message: 'is required' },
    ]);
  });

  it('answers 400 pointing at each barcode that is not a retail unit of the organization, and 404 for an unknown organization', async () => {
    const res = await clarify({ organizationId: org.organizationId, initiator: 'carol', barcodes: [org.barcodes[0], 'GHOST', org.barcodes[2], 'GHOST-2'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      type: '/problems/validation-failed',
      title: 'Bad Request',
      status: 400,
      detail: 'Some barcodes are not retail units of the organization.',
      errors: [
        { pointer: '/barcodes/1', message: 'is not a retail unit of this organization' },
        { pointer: '/barcodes/3', message: 'is not a retail unit of this organization' },
      ],
    });
    const unknown = await clarify({ organizationId: '00000000-0000-4000-8000-000000000000', initiator: 'carol', barcodes: ['B'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('The organization does not exist.');
    expect(await clarificationsBy(database.db, 'carol')).toEqual([]);
  });
});

describe('clarify-inventory-levels jobs across restarts and replicas', () => {
  const { database } = useTestDatabase();
  let org: SeededOrganization;

  beforeAll(async () => {
    org = await seedOrganization(database.db);
  });

  it('keeps a job queued by a gateway that stops before running it, and another gateway runs it', async () => {
    const web = await startInternalGateway(database.url, { JOB_WORKERS: 'false' });
    await database.db.query('UPDATE inventory_levels SET on_hand = 1 WHERE organization_id = $1 AND barcode = $2', [org.organizationId, org.barcodes[0]]);
    await web
      .post('/internal-tools/clarify-inventory-levels', { organizationId: org.organizationId, initiator: 'restart@ops', barcodes: [org.barcodes[0]] })
      .expect(202);
    await web.close();
    expect((await clarificationsBy(database.db, 'restart@ops')).map((c) => c.completed)).toEqual([false]);

    const worker = await startInternalGateway(database.url);
    try {
      await waitForClarifications(database.db, 'restart@ops');
      expect(await storedLevel(database.db, org.organizationId, org.warehouseId, org.barcodes[0])).toEqual({ onHand: 10, allocated: 0, pendingAllocation: 0 });
    } finally {
      await worker.close();
    }
  });

  it('runs each job once with two replicas polling the same queue', async () => {
    const first = await startInternalGateway(database.url);
    const replicas = [first, await startInternalGateway(database.url, {}, { issuer: first.issuer })];
    try {
      const requests = 6;
      await Promise.all(
        Array.from({ length: requests }, (_, i) =>
          replicas[i % 2]
            .post('/internal-tools/clarify-inventory-levels', {
              organizationId: org.organizationId,
              initiator: 'replicas@ops',
              barcodes: [org.barcodes[i % 2]],
            })
            .expect(202),
        ),
      );
      const done = await waitForClarifications(database.db, 'replicas@ops', requests);
      expect(done).toHaveLength(requests);
      const { rows } = await database.db.query<{ aggregate_id: string; count: number }>(
        "SELECT aggregate_id, count(*)::int AS count FROM domain_events WHERE type = 'InventoryClarificationCompleted' AND aggregate_id = ANY($1::text[]) GROUP BY aggregate_id",
        [done.map((c) => c.id)],
      );
      expect(rows.map((r) => r.count)).toEqual(Array(requests).fill(1));
      const jobs = await database.db.query<{ state: string; count: number }>(
        "SELECT state, count(*)::int AS count FROM pgboss.job WHERE name = 'clarify-inventory-levels' AND data->>'clarificationId' = ANY($1::text[]) GROUP BY state",
        [done.map((c) => c.id)],
      );
      // One job per request, each completed on its first attempt.
      expect(jobs.rows).toEqual([{ state: 'completed', count: requests }]);
      const retried = await database.db.query("SELECT 1 FROM pgboss.job WHERE name = 'clarify-inventory-levels' AND retry_count > 0");
      expect(retried.rowCount).toBe(0);
    } finally {
      await replicas[1].close();
      await replicas[0].close();
    }
  });
});
