// Inventory-sync overrides of an organization: excluding barcodes from the sync to the sales channels, and
// returning them (some or all) to the default sync. A real run takes the organization's sync lock, writes
// the rows, the mode and one event per barcode changed in one transaction; a dry run reads the same
// state in a read-only transaction and answers what a real run would change.
import { Injectable } from '@nestjs/common';
import { NotFoundProblem } from '@gateway/platform';
import { Database, DomainEventRepository, InventorySyncRepository, NewDomainEvent, OrganizationRepository, Queryable } from '@gateway/persistence';
import { AuthenticatedCaller, BarcodeInventorySyncOverridesDto, DefaultInventorySyncDto, InventorySyncMode, InventorySyncResultDto } from '@gateway/domain';
import { assertBarcodeList } from '../policies/barcode-list';

interface Plan {
  changed: string[];
  unchanged: string[];
  unknown: string[];
}

type Direction = 'OVERRIDE' | 'DEFAULT';

@Injectable()
export class InventorySyncService {
  constructor(
    private readonly db: Database,
    private readonly organizations: OrganizationRepository,
    private readonly sync: InventorySyncRepository,
    private readonly events: DomainEventRepository,
  ) {}

  /** Excludes the barcodes from the sync; adds to the barcodes already excluded. */
  async override(caller: AuthenticatedCaller, organizationId: string, body: BarcodeInventorySyncOverridesDto): Promise<InventorySyncResultDto> {
    assertBarcodeList(body.barcodes, '/barcodes');
    return this.run(caller, organizationId.toLowerCase(), 'OVERRIDE', body.barcodes, body.dryRun === true);
  }

  /** Returns the barcodes (every overridden one when none are named) to the default sync. */
  async reset(caller: AuthenticatedCaller, organizationId: string, body: DefaultInventorySyncDto | undefined): Promise<InventorySyncResultDto> {
    if (body?.barcodes !== undefined) assertBarcodeList(body.barcodes, '/barcodes');
    return this.run(caller, organizationId.toLowerCase(), 'DEFAULT', body?.barcodes ?? null, body?.dryRun === true);
  }

  private async run(
    caller: AuthenticatedCaller,
    organizationId: string,
    direction: Direction,
    barcodes: string[] | null,
    dryRun: boolean,
  ): Promise<InventorySyncResultDto> {
    const answer = (plan: Plan, mode: InventorySyncMode): InventorySyncResultDto => ({ outcome: 'SUCCESS', organizationId, dryRun, mode, ...plan });
    if (dryRun) {
      // One snapshot for every read, and a transaction that cannot write.
      return this.db.transaction(async (tx) => {
        await this.sync.readOnly(tx);
        await this.requireOrganization(tx, organizationId);
        const plan = await this.plan(tx, organizationId, direction, barcodes);
        const remaining = (await this.sync.overrideCount(tx, organizationId)) + (direction === 'OVERRIDE' ? plan.changed.length : -plan.changed.length);
        return answer(plan, remaining > 0 ? 'BARCODE_OVERRIDES' : 'DEFAULT');
      }, 'REPEATABLE READ');
    }
    return this.db.transaction(async (tx) => {
      await this.requireOrganization(tx, organizationId);
      // Concurrent runs for one organization queue here, so each sees what the previous one wrote.
      await this.sync.lock(tx, organizationId);
      const plan = await this.plan(tx, organizationId, direction, barcodes);
      const written =
        direction === 'OVERRIDE'
          ? await this.sync.addOverrides(tx, organizationId, plan.changed)
          : await this.sync.removeOverrides(tx, organizationId, plan.changed);
      // Under the lock, what was written is what was planned; keep the plan's order.
      const writtenSet = new Set(written);
      const changed = plan.changed.filter((b) => writtenSet.has(b));
      const previousMode = await this.sync.mode(tx, organizationId);
      const mode: InventorySyncMode = (await this.sync.overrideCount(tx, organizationId)) > 0 ? 'BARCODE_OVERRIDES' : 'DEFAULT';
      if (mode !== previousMode) await this.sync.setMode(tx, organizationId, mode);
      await this.events.append(tx, this.eventsOf(caller, organizationId, direction, changed, mode, previousMode));
      return answer({ ...plan, changed }, mode);
    });
  }

  private async requireOrganization(q: Queryable, organizationId: string): Promise<void> {
    if (!(await this.organizations.find(q, organizationId))) throw new NotFoundProblem('The organization does not exist.');
  }

  private async plan(q: Queryable, organizationId: string, direction: Direction, barcodes: string[] | null): Promise<Plan> {
    if (barcodes === null) return { changed: await this.sync.overriddenBarcodes(q, organizationId), unchanged: [], unknown: [] };
    const { known, overridden } = await this.sync.state(q, organizationId, barcodes);
    const plan: Plan = { changed: [], unchanged: [], unknown: [] };
    for (const barcode of barcodes) {
      if (!known.has(barcode)) plan.unknown.push(barcode);
      else if (overridden.has(barcode) === (direction === 'OVERRIDE')) plan.unchanged.push(barcode);
      else plan.changed.push(barcode);
    }
    return plan;
  }

  private eventsOf(
    caller: AuthenticatedCaller,
    organizationId: string,
    direction: Direction,
    changed: string[],
    mode: InventorySyncMode,
    previousMode: InventorySyncMode,
  ): NewDomainEvent[] {
    const common = { organizationId, aggregateType: 'InventorySyncSettings', aggregateId: organizationId, initiator: caller.identity.clientId };
    const events: NewDomainEvent[] = changed.map((barcode) => ({
      ...common,
      type: direction === 'OVERRIDE' ? 'InventorySyncOverrideAdded' : 'InventorySyncOverrideRemoved',
      barcode,
      payload: { barcode, syncedToSalesChannels: direction === 'DEFAULT' },
    }));
    if (mode !== previousMode) events.push({ ...common, type: 'InventorySyncModeChanged', payload: { mode, previousMode } });
    return events;
  }
}
