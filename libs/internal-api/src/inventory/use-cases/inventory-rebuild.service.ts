// Rebuilding the levels of some barcodes from the event log, now, in one transaction (dispatch-command
// REBUILD_INVENTORY_LEVELS; clarify-inventory-levels does the same in a background job).
import { Injectable } from '@nestjs/common';
import { NotFoundProblem } from '@gateway/platform';
import { AccessRepository, Database, Queryable, RetailUnitRepository } from '@gateway/persistence';
import { InventoryLevelRebuilder } from './inventory-level-rebuilder';
import { InventoryRebuildDto } from '../dto/inventory-rebuild.dto';

@Injectable()
export class InventoryRebuildService {
  constructor(
    private readonly db: Database,
    private readonly rebuilder: InventoryLevelRebuilder,
    private readonly retailUnits: RetailUnitRepository,
    private readonly access: AccessRepository,
  ) {}

  async rebuild(organizationId: string, barcodes: string[], initiator: string): Promise<InventoryRebuildDto> {
    return this.db.transaction(async (tx) => {
      await this.assertBarcodes(tx, organizationId, barcodes);
      const rebuilt = await this.rebuilder.rebuild(tx, organizationId, barcodes, initiator);
      return { levels: rebuilt.map((r) => ({ ...r.level, repaired: r.repaired })) };
    });
  }

  /** 404 unless the organization exists and every barcode is one of its retail units (archived or not). */
  async assertBarcodes(q: Queryable, organizationId: string, barcodes: string[]): Promise<void> {
    if (!(await this.access.organizationExists(q, organizationId))) throw new NotFoundProblem('The organization does not exist.');
    const known = await this.retailUnits.existingBarcodes(q, organizationId, barcodes);
    const unknown = [...new Set(barcodes)].filter((b) => !known.has(b));
    if (unknown.length > 0) throw new NotFoundProblem(`Not retail units of this organization: ${unknown.join(', ')}.`);
  }
}
