// Imports a data file: every item checked against the schema as the file is read, then the references
// (against the file's ids and the database), then every section upserted in batches in one transaction,
// and last the held quantities of the levels concerned against their fulfilment orders. A problem
// anywhere writes nothing; the same file twice changes nothing. Only the items' ids and references are
// kept while reading, never the file: a file on disk is read once to check it and once (more only when
// its sections come out of order) to write it. Organization ids are made lower case before the checks.
import { Injectable } from '@nestjs/common';
import { ProblemFieldError } from '@gateway/platform';
import { Database, Queryable } from '@gateway/persistence';
import { FULFILMENT_ORDER_STATUSES, heldQuantity } from '@gateway/domain';
import { FIXTURE_SECTIONS, Fixture, FixtureSection, ImportCounts, SectionCounts } from '../fixture.types';
import { FixtureRepository } from '../repositories/fixture.repository';
import { FixtureVisitor, readFixtureFile, readFixtureObject } from './fixture-reader';
import {
  ExistingReferences,
  canonicalFixtureItem,
  fixtureItemKeys,
  retailUnitKey,
  rootProblem,
  validateFixtureItem,
  validateFixtureReferences,
} from '../policies/fixture-validator';

/** Problems listed at most; past that the count says how many more there are. */
const MAX_LISTED_PROBLEMS = 1000;
/** Items upserted per statement group. */
const BATCH_SIZE = 2000;

export class FixtureInvalidError extends Error {
  constructor(
    readonly problems: ProblemFieldError[],
    total = problems.length,
  ) {
    super(`The import file has ${total} problem${total === 1 ? '' : 's'}.${total > problems.length ? ` The first ${problems.length} are listed.` : ''}`);
    this.name = 'FixtureInvalidError';
  }
}

/** Where the import stands, for a progress display: the phase, and the share of the file read in it. */
export type ImportProgress = (phase: 'checking' | 'writing', read: number, size: number) => void;

/** A file to import: read with a visitor, as many times as the import needs. */
type FixtureSource = (visitor: FixtureVisitor, phase: 'checking' | 'writing') => Promise<void>;

@Injectable()
export class FixtureImportService {
  constructor(
    private readonly db: Database,
    private readonly fixtures: FixtureRepository,
  ) {}

  /** Imports a file already in memory. */
  import(data: unknown): Promise<ImportCounts> {
    return this.importFrom((visitor) => readFixtureObject(data, visitor));
  }

  /** Imports a file from disk, reading it in chunks (never whole). */
  importFile(path: string, progress?: ImportProgress): Promise<ImportCounts> {
    return this.importFrom((visitor, phase) => readFixtureFile(path, visitor, progress && ((read, size) => progress(phase, read, size))));
  }

  private async importFrom(source: FixtureSource): Promise<ImportCounts> {
    const { keys, order } = await this.check(source);
    const counts = await this.db.transaction(async (tx) => {
      await this.fixtures.lock(tx);
      const referenceProblems = validateFixtureReferences(keys, await this.existingReferences(tx, keys));
      if (referenceProblems.length > 0) throw new FixtureInvalidError(referenceProblems.slice(0, MAX_LISTED_PROBLEMS), referenceProblems.length);
      const counts = await this.write(tx, source, order);
      const heldProblems = await this.heldQuantityProblems(tx, keys);
      if (heldProblems.length > 0) throw new FixtureInvalidError(heldProblems.slice(0, MAX_LISTED_PROBLEMS), heldProblems.length);
      return counts;
    });
    const written = Object.entries(counts)
      .filter(([, c]) => c.inserted + c.updated > 0)
      .map(([section]) => section);
    await this.fixtures.analyze(this.db, written);
    return counts;
  }

  /**
   * First reading: the shape of the root and of every item. Answers the items' ids and references
   * (canonical), and the sections in the order the file gives them.
   */
  private async check(source: FixtureSource): Promise<{ keys: Fixture; order: FixtureSection[] }> {
    const rootProblems: ProblemFieldError[] = [];
    const itemProblems: ProblemFieldError[] = [];
    let total = 0;
    const keys: Record<string, unknown[]> = {};
    const order: FixtureSection[] = [];
    // Organization and warehouse ids repeat across many items: keep one copy of each.
    const strings = new Map<string, string>();
    const once = (value: unknown) => (typeof value === 'string' ? (strings.get(value) ?? (strings.set(value, value), value)) : value);
    const intern = <T extends object>(item: T): T => {
      const i = item as Record<string, unknown>;
      for (const field of ['organizationId', 'warehouseId', 'storeId']) if (field in i) i[field] = once(i[field]);
      return item;
    };
    const report = (list: ProblemFieldError[], problems: ProblemFieldError[]) => {
      total += problems.length;
      for (const problem of problems) if (rootProblems.length + itemProblems.length < MAX_LISTED_PROBLEMS) list.push(problem);
    };
    await source(
      {
        wants: () => true,
        item: (section, index, value) => {
          if (index === 0) order.push(section);
          const problems = validateFixtureItem(section, index, value);
          report(itemProblems, problems);
          // Once the file is known to be refused, its references are of no use: stop keeping them.
          if (total === 0) (keys[section] ??= []).push(intern(canonicalFixtureItem(section, fixtureItemKeys(section, value as never))));
        },
        other: (key, problem) => report(rootProblems, [rootProblem(key, problem)]),
        notObject: () => report(rootProblems, [rootProblem(undefined, 'not-object')]),
      },
      'checking',
    );
    if (total > 0) throw new FixtureInvalidError([...rootProblems, ...itemProblems], total);
    return { keys: keys as Fixture, order };
  }

  private async existingReferences(tx: Queryable, keys: Fixture): Promise<ExistingReferences> {
    const rows = await this.fixtures.existingReferences(tx, keys);
    return {
      organizationIds: new Set(rows.organizations.map((o) => o.id)),
      warehouseIds: new Set(rows.warehouseIds),
      storeOrganizations: new Map(rows.stores.map((s) => [s.id, s.organization_id])),
      retailUnitKeys: new Set(rows.retailUnits.map((r) => retailUnitKey(r.organization_id, r.barcode))),
      invoiceOrganizations: new Map(rows.invoices.map((i) => [i.id, i.organization_id])),
      fulfilmentOrderOrganizations: new Map(rows.fulfilmentOrders.map((f) => [f.id, f.organization_id])),
      connectionOrganizations: new Map(rows.connections.map((c) => [c.id, c.organization_id])),
      organizationSandbox: new Map(rows.organizations.map((o) => [o.id, o.environment === 'SANDBOX'])),
      sandboxWarehouseOwners: new Map(rows.sandboxWarehouses.map((w) => [w.id, w.sandbox_organization_id])),
    };
  }

  /**
   * Upserts every section in batches, in the order of FIXTURE_SECTIONS (references point backwards).
   * Each reading of the file writes the sections whose turn has come as they appear; a file in that
   * order is written in one reading, one in another order in as many as it takes.
   */
  private async write(tx: Queryable, source: FixtureSource, order: FixtureSection[]): Promise<ImportCounts> {
    const upserts: { [K in FixtureSection]: (rows: NonNullable<Fixture[K]>) => Promise<SectionCounts> } = {
      warehouses: (r) => this.fixtures.upsertWarehouses(tx, r),
      organizations: (r) => this.fixtures.upsertOrganizations(tx, r),
      users: (r) => this.fixtures.upsertUsers(tx, r),
      stores: (r) => this.fixtures.upsertStores(tx, r),
      connections: (r) => this.fixtures.upsertConnections(tx, r),
      retailUnits: (r) => this.fixtures.upsertRetailUnits(tx, r),
      inventory: (r) => this.fixtures.upsertInventory(tx, r),
      invoices: (r) => this.fixtures.upsertInvoices(tx, r),
      fulfilmentOrders: (r) => this.fixtures.upsertFulfilmentOrders(tx, r),
      releaseChannelFeatures: (r) => this.fixtures.upsertReleaseChannelFeatures(tx, r),
    };
    const counts = Object.fromEntries(FIXTURE_SECTIONS.map((s) => [s, { inserted: 0, updated: 0, unchanged: 0 }])) as ImportCounts;
    const written = new Set<FixtureSection>();
    while (written.size < order.length) {
      let current: FixtureSection | undefined;
      let batch: unknown[] = [];
      const flush = async () => {
        if (!current || batch.length === 0) return;
        const c = await (upserts[current] as (rows: unknown[]) => Promise<SectionCounts>)(batch);
        batch = [];
        counts[current].inserted += c.inserted;
        counts[current].updated += c.updated;
        counts[current].unchanged += c.unchanged;
      };
      const writtenBefore = written.size;
      // A section's turn has come when every section before it in FIXTURE_SECTIONS that the file has is written (or being written).
      const turnHasCome = (section: FixtureSection) =>
        FIXTURE_SECTIONS.slice(0, FIXTURE_SECTIONS.indexOf(section)).every((s) => !order.includes(s) || written.has(s) || s === current);
      await source(
        {
          wants: (section) => !written.has(section) && (current === section || turnHasCome(section)),
          item: async (section, _index, value) => {
            if (section !== current) {
              await flush();
              if (current) written.add(current);
              current = section;
            }
            batch.push(canonicalFixtureItem(section, value as never));
            if (batch.length >= BATCH_SIZE) await flush();
          },
          other: () => undefined,
          notObject: () => undefined,
        },
        'writing',
      );
      await flush();
      if (current) written.add(current);
      if (written.size === writtenBefore) throw new Error('the import file changed while it was imported');
    }
    return counts;
  }

  /**
   * The held quantities of every level the file sets, or whose fulfilment orders it brings, must equal
   * what the fulfilment orders in the holding states hold (ALLOCATED and PICKING: allocated; PARTIALLY_SHIPPED:
   * allocated for what is unshipped; OPEN and BACK_ORDERED: pendingAllocation), once the file is written. Levels no fulfilment order refers to are
   * opening balances and are not compared.
   */
  private async heldQuantityProblems(tx: Queryable, keys: Fixture): Promise<ProblemFieldError[]> {
    const levelKey = (l: { organizationId: string; warehouseId: string; barcode: string }) => `${l.organizationId}/${l.warehouseId}/${l.barcode}`;
    const levels = [
      ...(keys.inventory ?? []),
      ...(keys.fulfilmentOrders ?? []).flatMap((f) =>
        f.lines.map((l) => ({ organizationId: f.organizationId, warehouseId: f.warehouseId, barcode: l.barcode })),
      ),
    ];
    const mismatches = await this.fixtures.heldQuantityMismatches(tx, levels, {
      allocatedStatuses: FULFILMENT_ORDER_STATUSES.filter((s) => heldQuantity(s) === 'allocated'),
      pendingStatuses: FULFILMENT_ORDER_STATUSES.filter((s) => heldQuantity(s) === 'pendingAllocation'),
    });
    const inventoryIndex = new Map((keys.inventory ?? []).map((l, i) => [levelKey(l), i]));
    const problems: ProblemFieldError[] = [];
    for (const m of mismatches) {
      const index = inventoryIndex.get(levelKey(m));
      const held = `the fulfilment orders of organization ${m.organizationId}, warehouse ${m.warehouseId}, barcode ${m.barcode} hold allocated ${m.heldAllocated} and pendingAllocation ${m.heldPendingAllocation}`;
      if (index !== undefined) {
        for (const [field, value, expected] of [
          ['allocated', m.allocated, m.heldAllocated],
          ['pendingAllocation', m.pendingAllocation, m.heldPendingAllocation],
        ] as const) {
          if (value !== expected)
            problems.push({
              pointer: `/inventory/${index}/${field}`,
              message: `is ${value}, but ${held}: set ${expected}, or leave the level out of the file`,
            });
        }
      } else {
        const order = (keys.fulfilmentOrders ?? []).findIndex(
          (f) => f.organizationId === m.organizationId && f.warehouseId === m.warehouseId && f.lines.some((l) => l.barcode === m.barcode),
        );
        problems.push({
          pointer: `/fulfilmentOrders/${order}`,
          message: `leaves the level of barcode ${m.barcode} at allocated ${m.allocated} and pendingAllocation ${m.pendingAllocation}, but ${held}: add the level to the inventory section with those quantities`,
        });
      }
    }
    return problems;
  }
}
