// The one way inventory changes: each change appends its domain event and moves the level, in the
// caller's transaction. Levels are therefore a projection of the event log (see projectLevel).
import { Injectable } from '@nestjs/common';
import { ConflictProblem } from '@gateway/platform';
import {
  DomainEventRepository,
  InventoryLevelKey,
  InventoryLevelRepository,
  InventoryQuantities,
  NewDomainEvent,
  Queryable,
  inventoryLevelKey,
} from '@gateway/persistence';

export type InventoryDelta = Partial<InventoryQuantities>;

export interface InventoryChange extends InventoryLevelKey {
  delta: InventoryDelta;
  /** Event type, e.g. "PendingAllocationRaised". */
  type: string;
  aggregateType: string;
  aggregateId: string;
  initiator?: string | null;
  /** Extra facts for the event payload (the delta is added to it). */
  details?: Record<string, unknown>;
}

const CHECK_VIOLATION = '23514';

export interface InventoryReset extends InventoryLevelKey {
  /** The quantities the level is set to. */
  level: InventoryQuantities;
  type: string;
  aggregateType: string;
  aggregateId: string;
  initiator?: string | null;
  details?: Record<string, unknown>;
}

export const levelKey = inventoryLevelKey;

@Injectable()
export class InventoryLedger {
  constructor(
    private readonly levels: InventoryLevelRepository,
    private readonly events: DomainEventRepository,
  ) {}

  async apply(tx: Queryable, changes: InventoryChange[]): Promise<void> {
    if (changes.length === 0) return;
    const ordered = [...changes].sort((a, b) => (levelKey(a) < levelKey(b) ? -1 : levelKey(a) > levelKey(b) ? 1 : 0));
    // The levels as locked: when the schema refuses a change, they say which bound it crossed.
    const current = await this.levels.readLocked(tx, ordered);
    await this.events.append(tx, ledgerEvents(changes));
    for (const change of ordered) {
      try {
        await this.levels.add(tx, change, normalize(change.delta));
      } catch (error) {
        if ((error as { code?: string }).code === CHECK_VIOLATION) throw outOfRange(change, current.get(levelKey(change)));
        throw error;
      }
    }
  }

  /**
   * The answer to changes the schema refused when written in one statement elsewhere (a sales order's create):
   * the first change that takes its level, as it is now, below 0 or past the largest safe integer.
   */
  async refusalOf(q: Queryable, changes: InventoryChange[]): Promise<ConflictProblem> {
    const current = await this.levels.readLocked(q, changes);
    const zero = { onHand: 0, allocated: 0, pendingAllocation: 0 };
    const crossing = changes.find((c) => {
      const level = current.get(levelKey(c)) ?? zero;
      const delta = normalize(c.delta);
      return (Object.keys(delta) as (keyof InventoryQuantities)[]).some((k) => level[k] + delta[k] < 0 || level[k] + delta[k] > Number.MAX_SAFE_INTEGER);
    });
    const change = crossing ?? changes[0];
    return outOfRange(change, current.get(levelKey(change)));
  }

  /**
   * Sets a level to absolute quantities (a rebuild): the event carries them as `set`, like an import, so
   * that the log still projects to the level. The caller holds the level's lock.
   */
  async set(tx: Queryable, reset: InventoryReset): Promise<void> {
    await this.events.append(tx, [
      {
        organizationId: reset.organizationId,
        type: reset.type,
        aggregateType: reset.aggregateType,
        aggregateId: reset.aggregateId,
        warehouseId: reset.warehouseId,
        barcode: reset.barcode,
        initiator: reset.initiator ?? null,
        payload: { ...reset.details, set: reset.level },
      },
    ]);
    await this.levels.set(tx, reset, reset.level);
  }
}

/** The domain events of changes, in the order given: each carries its details and its whole delta. */
export function ledgerEvents(changes: InventoryChange[]): NewDomainEvent[] {
  return changes.map((c) => ({
    organizationId: c.organizationId,
    type: c.type,
    aggregateType: c.aggregateType,
    aggregateId: c.aggregateId,
    warehouseId: c.warehouseId,
    barcode: c.barcode,
    initiator: c.initiator ?? null,
    payload: { ...c.details, delta: normalize(c.delta) },
  }));
}

/** Each level's total change, one per level, in the ledger's lock order (organization, warehouse, barcode). */
export function levelChanges(changes: InventoryChange[]): (InventoryLevelKey & InventoryQuantities)[] {
  const totals = new Map<string, InventoryLevelKey & InventoryQuantities>();
  for (const c of [...changes].sort(byLevel)) {
    const delta = normalize(c.delta);
    const total = totals.get(levelKey(c)) ?? {
      organizationId: c.organizationId,
      warehouseId: c.warehouseId,
      barcode: c.barcode,
      onHand: 0,
      allocated: 0,
      pendingAllocation: 0,
    };
    totals.set(levelKey(c), {
      ...total,
      onHand: total.onHand + delta.onHand,
      allocated: total.allocated + delta.allocated,
      pendingAllocation: total.pendingAllocation + delta.pendingAllocation,
    });
  }
  return [...totals.values()];
}

/**
 * The answer to changes written in one statement that refused them because a level would leave the schema's
 * bounds, given the levels as that statement locked them: the first change, applied in the ledger's order, that
 * takes its level out of bounds (as apply answers it, a level that does not exist being zero).
 */
export function refusalAgainst(changes: InventoryChange[], levels: Map<string, InventoryQuantities>): ConflictProblem {
  const zero = { onHand: 0, allocated: 0, pendingAllocation: 0 };
  const running = new Map<string, InventoryQuantities>();
  const ordered = [...changes].sort(byLevel);
  for (const change of ordered) {
    const before = levels.get(levelKey(change));
    const level = running.get(levelKey(change)) ?? before ?? zero;
    const delta = normalize(change.delta);
    const after = {
      onHand: level.onHand + delta.onHand,
      allocated: level.allocated + delta.allocated,
      pendingAllocation: level.pendingAllocation + delta.pendingAllocation,
    };
    running.set(levelKey(change), after);
    const inBounds =
      Math.abs(after.onHand) <= Number.MAX_SAFE_INTEGER &&
      after.allocated >= 0 &&
      after.allocated <= Number.MAX_SAFE_INTEGER &&
      after.pendingAllocation >= 0 &&
      after.pendingAllocation <= Number.MAX_SAFE_INTEGER;
    if (!inBounds) return outOfRange(change, before);
  }
  return outOfRange(ordered[0], levels.get(levelKey(ordered[0])));
}

const byLevel = (a: InventoryLevelKey, b: InventoryLevelKey) => (levelKey(a) < levelKey(b) ? -1 : levelKey(a) > levelKey(b) ? 1 : 0);

/** The answer to a change the schema refused: a quantity would go below 0 or above the largest safe integer. */
function outOfRange(change: InventoryChange, before: InventoryQuantities | undefined): ConflictProblem {
  const delta = normalize(change.delta);
  const level = before ?? { onHand: 0, allocated: 0, pendingAllocation: 0 };
  const where = `${change.barcode} at ${change.warehouseId}`;
  const tooLarge = (Object.keys(delta) as (keyof InventoryQuantities)[]).find((k) => level[k] + delta[k] > Number.MAX_SAFE_INTEGER);
  if (tooLarge) {
    return new ConflictProblem(
      `The change would make the ${tooLarge} of ${where} exceed ${Number.MAX_SAFE_INTEGER}, the largest supported quantity.`,
      'inventory-conflict',
    );
  }
  return new ConflictProblem(`The change would make the inventory of ${where} negative.`, 'inventory-conflict');
}

function normalize(delta: InventoryDelta): InventoryQuantities {
  return { onHand: delta.onHand ?? 0, allocated: delta.allocated ?? 0, pendingAllocation: delta.pendingAllocation ?? 0 };
}

/** Folds a level's events, oldest first: an import sets the level, every other event moves it by its delta. */
export function projectLevel(payloads: unknown[]): InventoryQuantities {
  let level: InventoryQuantities = { onHand: 0, allocated: 0, pendingAllocation: 0 };
  for (const payload of payloads) {
    const event = payload as { set?: InventoryQuantities; delta?: InventoryQuantities };
    if (event.set) level = { ...event.set };
    else if (event.delta) {
      level = {
        onHand: level.onHand + event.delta.onHand,
        allocated: level.allocated + event.delta.allocated,
        pendingAllocation: level.pendingAllocation + event.delta.pendingAllocation,
      };
    }
  }
  return level;
}
