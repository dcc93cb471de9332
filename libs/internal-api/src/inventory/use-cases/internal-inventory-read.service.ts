// The internal inventory reads (spec 2.8 and 4.3): one level, and the lists of an organization or one of
// its warehouses, streamed from the same keyset walk as the public read (openLevelPages).
import { Injectable } from '@nestjs/common';
import { NotFoundProblem, PagedJson, jsonEnvelope, jsonItemsWriter, jsonListWriter } from '@gateway/platform';
import {
  AccessRepository,
  Database,
  InventoryLevelRepository,
  InventoryLevelRow,
  InventoryReadRepository,
  ReplicaReads,
  RetailUnitRepository,
} from '@gateway/persistence';
import { InventoryLevelDto, InventoryListDto, InventoryListItemDto, toInventoryLevel } from '../dto/inventory-level.dto';
import { LevelPage, openLevelPages } from '@gateway/domain';

const LIST = jsonEnvelope(InventoryListDto, 'items');
const ITEMS = jsonItemsWriter(InventoryListItemDto);

const NO_LEVEL = { onHand: 0, allocated: 0, pendingAllocation: 0 };

@Injectable()
export class InternalInventoryReadService {
  constructor(
    /** The existence checks (organization, warehouse): the primary's. */
    private readonly db: Database,
    /** Inventory and retail units may lag (contract section 8): the replica's when there is one. */
    private readonly replicaReads: ReplicaReads,
    private readonly inventory: InventoryReadRepository,
    private readonly levels: InventoryLevelRepository,
    private readonly retailUnits: RetailUnitRepository,
    private readonly access: AccessRepository,
  ) {}

  /**
   * The level of a retail unit at a warehouse. 404 names what is unknown: the organization, the warehouse,
   * or the barcode as a retail unit of the organization. A known unit with no stock movement at a known
   * warehouse has the zero level (its event log is empty).
   */
  async level(organizationId: string, warehouseId: string, barcode: string): Promise<InventoryLevelDto> {
    await this.assertOrganization(organizationId);
    await this.assertWarehouse(warehouseId);
    if (!(await this.retailUnits.find(this.replicaReads, organizationId, barcode)))
      throw new NotFoundProblem('The barcode is not a retail unit of this organization.');
    const level = await this.levels.find(this.replicaReads, { organizationId, warehouseId, barcode });
    return toInventoryLevel({ organizationId, warehouseId, barcode }, level ?? NO_LEVEL);
  }

  /** Every level of the organization (archived units included), by warehouse and barcode, as pages of JSON (sendJsonStream). */
  async streamOrganization(organizationId: string): Promise<PagedJson<LevelPage<InventoryLevelRow>>> {
    await this.assertOrganization(organizationId);
    return this.stream(organizationId, await this.inventory.warehouses(this.replicaReads, organizationId));
  }

  /** Every level of the organization at one warehouse, by barcode, as pages of JSON (sendJsonStream). */
  async streamWarehouse(organizationId: string, warehouseId: string): Promise<PagedJson<LevelPage<InventoryLevelRow>>> {
    await this.assertOrganization(organizationId);
    await this.assertWarehouse(warehouseId);
    return this.stream(organizationId, [warehouseId]);
  }

  private async stream(organizationId: string, warehouses: string[]): Promise<PagedJson<LevelPage<InventoryLevelRow>>> {
    const pages = await openLevelPages(
      (warehouseId, after, limit) => this.inventory.page(this.replicaReads, organizationId, warehouseId, after, limit),
      warehouses,
    );
    return {
      pages,
      writer: jsonListWriter(LIST, { outcome: 'SUCCESS' }, (page: LevelPage<InventoryLevelRow>) =>
        ITEMS(page.rows.map((row) => toListItem(organizationId, page.warehouseId, row))),
      ),
    };
  }

  private async assertOrganization(organizationId: string): Promise<void> {
    if (!(await this.access.organizationExists(this.db, organizationId))) throw new NotFoundProblem('The organization does not exist.');
  }

  private async assertWarehouse(warehouseId: string): Promise<void> {
    if (!(await this.inventory.warehouseExists(this.db, warehouseId))) throw new NotFoundProblem('The warehouse does not exist.');
  }
}

function toListItem(organizationId: string, warehouseId: string, row: InventoryLevelRow): InventoryListItemDto {
  return { ...toInventoryLevel({ organizationId, warehouseId, barcode: row.barcode }, row), sku: row.sku, name: row.name, archived: row.archived };
}
