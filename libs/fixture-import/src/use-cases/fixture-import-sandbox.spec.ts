// Sandbox organizations in an import file (contract 6.10): a sandbox comes with a warehouse of its own, which its
// stores, stock and fulfilment orders must name, and which no other organization may; nothing of it is billed.
import { DomainEventRepository } from '@gateway/persistence';
import { TestDatabase, createTestDatabase } from '@gateway/testing';
import { FixtureRepository } from '../repositories/fixture.repository';
import { FixtureImportService, FixtureInvalidError } from './fixture-import.service';

const LIVE = '11111111-1111-4111-8111-111111111111';
const SANDBOX = '22222222-2222-4222-8222-222222222222';
const OWN = `sandbox-${SANDBOX}`;

function file() {
  return {
    warehouses: [{ id: 'wh-1', name: 'Main' }],
    organizations: [
      { id: LIVE, name: 'Live Co' },
      { id: SANDBOX, name: 'Sandbox Co', sandbox: true, autoAdvance: true },
    ],
    stores: [
      { id: 'store-live', organizationId: LIVE, name: 'Web', warehouseId: 'wh-1' },
      { id: 'store-sandbox', organizationId: SANDBOX, name: 'Test shop', warehouseId: OWN },
    ],
    retailUnits: [
      { organizationId: LIVE, barcode: 'B-1', sku: 'SKU-1', name: 'Thing' },
      { organizationId: SANDBOX, barcode: 'B-1', sku: 'SKU-1', name: 'Thing' },
    ],
    inventory: [
      { organizationId: LIVE, warehouseId: 'wh-1', barcode: 'B-1', onHand: 5 },
      { organizationId: SANDBOX, warehouseId: OWN, barcode: 'B-1', onHand: 9 },
    ],
  };
}

describe('FixtureImportService: sandbox organizations', () => {
  let database: TestDatabase;
  let importer: FixtureImportService;

  beforeEach(async () => {
    database = await createTestDatabase();
    importer = new FixtureImportService(database.db, new FixtureRepository(new DomainEventRepository()));
  });

  afterEach(async () => {
    await database.drop();
  });

  const problemsOf = async (data: unknown) => {
    const error = await importer.import(data).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FixtureInvalidError);
    return (error as FixtureInvalidError).problems;
  };

  it('imports a sandbox with its own warehouse, beside a live organization, and the same file again changes nothing', async () => {
    const counts = await importer.import(file());
    expect(counts.organizations).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
    const orgs = await database.db.query('SELECT id, environment, auto_advance FROM organizations ORDER BY id');
    expect(orgs.rows).toEqual([
      { id: LIVE, environment: 'LIVE', auto_advance: false },
      { id: SANDBOX, environment: 'SANDBOX', auto_advance: true },
    ]);
    const warehouses = await database.db.query('SELECT id, name, sandbox_organization_id FROM warehouses ORDER BY id');
    expect(warehouses.rows).toEqual([
      { id: OWN, name: 'Sandbox warehouse of Sandbox Co', sandbox_organization_id: SANDBOX },
      { id: 'wh-1', name: 'Main', sandbox_organization_id: null },
    ]);
    const levels = await database.db.query('SELECT warehouse_id, on_hand::int FROM inventory_levels WHERE organization_id = $1', [SANDBOX]);
    expect(levels.rows).toEqual([{ warehouse_id: OWN, on_hand: 9 }]);
    const again = await importer.import(file());
    for (const section of Object.values(again)) expect(section.inserted + section.updated).toBe(0);
  });

  it('refuses a sandbox naming any warehouse but its own, each with its pointer, and writes nothing', async () => {
    const bad = file() as ReturnType<typeof file> & { fulfilmentOrders?: unknown[] };
    bad.stores[1].warehouseId = 'wh-1';
    bad.inventory[1].warehouseId = 'wh-1';
    bad.fulfilmentOrders = [{ id: 'fo-1', organizationId: SANDBOX, warehouseId: 'wh-1', status: 'SHIPPED', lines: [{ barcode: 'B-1', quantity: 1 }] }];
    const message = `organization ${SANDBOX} is a sandbox: it names no warehouse but its own, ${OWN}`;
    expect(await problemsOf(bad)).toEqual([
      { pointer: '/stores/1/warehouseId', message },
      { pointer: '/inventory/1/warehouseId', message },
      { pointer: '/fulfilmentOrders/0/warehouseId', message },
    ]);
    expect((await database.db.query('SELECT count(*)::int AS n FROM organizations')).rows).toEqual([{ n: 0 }]);
  });

  it('refuses autoAdvance without sandbox, a live organization naming a sandbox warehouse, a file declaring one, and invoices of a sandbox', async () => {
    await importer.import(file());
    const OTHER = '33333333-3333-4333-8333-333333333333';
    const bad = {
      warehouses: [{ id: 'sandbox-mine', name: 'Not mine to make' }],
      organizations: [{ id: OTHER, name: 'Other live', autoAdvance: true }],
      stores: [{ id: 'store-other', organizationId: OTHER, name: 'Web', warehouseId: OWN }],
      retailUnits: [{ organizationId: OTHER, barcode: 'B-9', sku: 'SKU-9', name: 'Thing' }],
      inventory: [{ organizationId: OTHER, warehouseId: OWN, barcode: 'B-9', onHand: 1 }],
      invoices: [
        {
          id: 'inv-s',
          organizationId: SANDBOX,
          number: 'N-1',
          status: 'PAID',
          subtotal: { amountInMinorUnit: 100, currency: 'EUR' },
          totalExcludingTax: { amountInMinorUnit: 100, currency: 'EUR' },
          lineItems: [],
        },
      ],
    };
    const taken = `warehouse ${OWN} is the own warehouse of sandbox organization ${SANDBOX}: no other organization may use it`;
    expect(await problemsOf(bad)).toEqual([
      { pointer: '/warehouses/0/id', message: 'is reserved: sandbox-<organization id> is the own warehouse of a sandbox organization, created with it' },
      { pointer: '/organizations/0/autoAdvance', message: 'is only for a sandbox organization (sandbox: true)' },
      { pointer: '/stores/0/warehouseId', message: taken },
      { pointer: '/inventory/0/warehouseId', message: taken },
      { pointer: '/invoices/0/organizationId', message: `organization ${SANDBOX} is a sandbox: nothing of a sandbox is billed` },
    ]);
  });

  it('refuses a re-import that would turn a live organization into a sandbox or back', async () => {
    await importer.import(file());
    expect(
      await problemsOf({
        organizations: [
          { id: LIVE, name: 'Live Co', sandbox: true },
          { id: SANDBOX, name: 'Sandbox Co' },
        ],
      }),
    ).toEqual([
      { pointer: '/organizations/0/sandbox', message: `organization ${LIVE} is a live organization: a re-import cannot turn it into a sandbox` },
      { pointer: '/organizations/1/sandbox', message: `organization ${SANDBOX} is a sandbox: a re-import cannot turn it into a live organization` },
    ]);
  });
});
