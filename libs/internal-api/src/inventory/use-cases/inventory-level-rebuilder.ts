// Rebuilds levels from the domain event log (contract section 5: levels are a projection of it): every
// level of the named barcodes, at every warehouse, is locked, folded from its events (projectLevel) and,
// where it differs, set back with an InventoryLevelRebuilt event that carries the projected level, so that
// the log still projects to the level afterwards.
import { Injectable } from '@nestjs/common';
import { ConflictProblem } from '@gateway/platform';
import { InventoryLevelRepository, InventoryQuantities, Queryable } from '@gateway/persistence';
import { InventoryLedger, projectLevel } from '@gateway/domain';
import { InventoryLevelDto, toInventoryLevel } from '../dto/inventory-level.dto';

export interface RebuiltLevel {
  level: InventoryLevelDto;
  /** True when the stored level differed from the log and was set back. */
  repaired: boolean;
  previous: InventoryQuantities;
}

const CHECK_VIOLATION = '23514';

@Injectable()
export class InventoryLevelRebuilder {
  constructor(
    private readonly levels: InventoryLevelRepository,
    private readonly ledger: InventoryLedger,
  ) {}

  /** In the caller's transaction; `details` go into each rebuild event (e.g. the clarification id). */
  async rebuild(tx: Queryable, organizationId: string, barcodes: string[], initiator: string, details: Record<string, unknown> = {}): Promise<RebuiltLevel[]> {
    const stored = await this.levels.lockLevelsOfBarcodes(tx, organizationId, [...new Set(barcodes)]);
    const out: RebuiltLevel[] = [];
    for (const current of stored) {
      const key = { organizationId, warehouseId: current.warehouseId, barcode: current.barcode };
      const previous = { onHand: current.onHand, allocated: current.allocated, pendingAllocation: current.pendingAllocation };
      const projected = projectLevel(await this.levels.eventPayloads(tx, key));
      const repaired =
        projected.onHand !== previous.onHand || projected.allocated !== previous.allocated || projected.pendingAllocation !== previous.pendingAllocation;
      if (repaired) {
        try {
          await this.ledger.set(tx, {
            ...key,
            level: projected,
            type: 'InventoryLevelRebuilt',
            aggregateType: 'InventoryLevel',
            aggregateId: `${key.warehouseId}/${key.barcode}`,
            initiator,
            details: { ...details, previous },
          });
        } catch (error) {
          if ((error as { code?: string }).code === CHECK_VIOLATION) {
            throw new ConflictProblem(
              `The event log of ${key.barcode} at ${key.warehouseId} projects to a negative quantity; the level was left as it is.`,
              'inventory-conflict',
            );
          }
          throw error;
        }
      }
      out.push({ level: toInventoryLevel(key, projected), repaired, previous });
    }
    return out;
  }
}
