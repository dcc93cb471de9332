import { INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DatabaseModule } from '@gateway/persistence';
import { ProblemException } from '@gateway/platform';
import { SeededOrganization, TestDatabase, createTestDatabase, importFixture, seedOrganization } from '@gateway/testing';
import { AuthenticatedCaller } from '@gateway/domain';
import { InventorySyncModule } from '../inventory-sync.module';
import { InventorySyncService } from './inventory-sync.service';

const caller: AuthenticatedCaller = { identity: { clientType: 'SERVICE', clientId: 'staff-tool' }, audience: 'internal', tokenId: 't', expiresAt: 0 };

describe('InventorySyncService', () => {
  let database: TestDatabase;
  let app: INestApplicationContext;
  let sync: InventorySyncService;
  let org: SeededOrganization;
  let units: string[];

  beforeAll(async () => {
    database = await createTestDatabase();
    @Module({ imports: [DatabaseModule.forRoot({ url: database.url, poolMax: 20 }), InventorySyncModule] })
    class TestModule {}
    app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    sync = app.get(InventorySyncService);
    org = await seedOrganization(database.db);
    units = Array.from({ length: 30 }, (_, i) => `U-${org.organizationId.slice(0, 8)}-${String(i).padStart(2, '0')}`);
    await importFixture(database.db, { retailUnits: units.map((barcode) => ({ organizationId: org.organizationId, barcode, sku: barcode, name: barcode })) });
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const overrides = async () =>
    (await database.db.query('SELECT barcode FROM inventory_sync_overrides WHERE organization_id = $1 ORDER BY barcode', [org.organizationId])).rows.map(
      (r) => r.barcode as string,
    );
  const netEvents = async () => {
    const { rows } = await database.db.query<{ type: string; barcode: string }>(
      `SELECT type, barcode FROM domain_events WHERE organization_id = $1 AND type LIKE 'InventorySyncOverride%' ORDER BY sequence`,
      [org.organizationId],
    );
    const set = new Set<string>();
    for (const e of rows) {
      if (e.type === 'InventorySyncOverrideAdded') {
        if (set.has(e.barcode)) throw new Error(`added twice: ${e.barcode}`);
        set.add(e.barcode);
      } else if (!set.delete(e.barcode)) throw new Error(`removed while not overridden: ${e.barcode}`);
    }
    return [...set].sort();
  };

  it('refuses a bad list before touching the database, naming each element', async () => {
    const error = await sync.override(caller, org.organizationId, { barcodes: ['ok', 'not ok', 'ok'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProblemException);
    expect((error as ProblemException).problem.errors).toEqual([
      { pointer: '/barcodes/1', message: 'must be 1 to 100 of A-Z a-z 0-9 . _ -' },
      { pointer: '/barcodes/2', message: 'repeats /barcodes/0' },
    ]);
  });

  it('stays consistent under 40 concurrent overrides, resets and dry runs: rows, mode and events agree', async () => {
    const calls = Array.from({ length: 40 }, (_, i) => {
      const slice = units.slice(i % 25, (i % 25) + 6);
      if (i % 5 === 0) return sync.reset(caller, org.organizationId, {});
      if (i % 5 === 1) return sync.reset(caller, org.organizationId, { barcodes: slice });
      if (i % 5 === 2) return sync.override(caller, org.organizationId, { barcodes: slice, dryRun: true });
      return sync.override(caller, org.organizationId, { barcodes: slice });
    });
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a.outcome === 'SUCCESS')).toBe(true);
    const rows = await overrides();
    expect(await netEvents()).toEqual(rows);
    const { rows: settings } = await database.db.query('SELECT mode FROM inventory_sync_settings WHERE organization_id = $1', [org.organizationId]);
    expect(settings[0]?.mode ?? 'DEFAULT').toBe(rows.length > 0 ? 'BARCODE_OVERRIDES' : 'DEFAULT');
  });

  it('predicts a real run exactly with a dry run taken just before it', async () => {
    await sync.reset(caller, org.organizationId, {});
    await sync.override(caller, org.organizationId, { barcodes: units.slice(0, 10) });
    const body = { barcodes: [...units.slice(5, 15), 'UNKNOWN'] };
    const dry = await sync.override(caller, org.organizationId, { ...body, dryRun: true });
    const real = await sync.override(caller, org.organizationId, body);
    expect(real).toEqual({ ...dry, dryRun: false });
    expect(real.changed).toEqual(units.slice(10, 15));
    expect(real.unchanged).toEqual(units.slice(5, 10));
    expect(real.unknown).toEqual(['UNKNOWN']);
    const dryReset = await sync.reset(caller, org.organizationId, { dryRun: true });
    const reset = await sync.reset(caller, org.organizationId, {});
    expect(reset).toEqual({ ...dryReset, dryRun: false });
    expect(reset.changed).toEqual(units.slice(0, 15));
    expect(reset.mode).toBe('DEFAULT');
  });
});
