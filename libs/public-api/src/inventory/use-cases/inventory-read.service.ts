// The public inventory read, written as it is read: keyset pages of levels (openLevelPages) are
// written in the shape of InventoryDto, so memory holds one page whatever the number of rows.
import { Injectable } from '@nestjs/common';
import { PagedJson, jsonEnvelope, jsonGroupedListWriter, jsonItemsWriter } from '@gateway/platform';
import { InventoryReadRepository, ReplicaReads, StockRow } from '@gateway/persistence';
import { CallerIdentity, LevelPage, OrganizationAccessPolicy, openLevelPages } from '@gateway/domain';
import { InventoryDto, InventoryGroupDto, InventoryItemDto } from '../dto/inventory-entry.dto';

const INVENTORY = jsonEnvelope(InventoryDto, 'items');
const GROUP = jsonEnvelope(InventoryGroupDto, 'items');
const ITEMS = jsonItemsWriter(InventoryItemDto);

@Injectable()
export class InventoryReadService {
  constructor(
    // Inventory may lag (contract section 8): the replica's when there is one.
    private readonly db: ReplicaReads,
    private readonly inventory: InventoryReadRepository,
    private readonly access: OrganizationAccessPolicy,
  ) {}

  /** Checks access and reads the first page before answering, so that errors come before any byte; the rest is read as it is written (sendJsonStream). */
  async stream(identity: CallerIdentity, organizationId: string): Promise<PagedJson<LevelPage<StockRow>>> {
    await this.access.assertCanAccessOrganization(identity, organizationId);
    const warehouses = await this.inventory.warehouses(this.db, organizationId);
    // Archived units are not shown; a warehouse whose units are all archived therefore has no group.
    const pages = await openLevelPages((warehouseId, after, limit) => this.inventory.stockPage(this.db, organizationId, warehouseId, after, limit), warehouses);
    const writer = jsonGroupedListWriter(
      INVENTORY,
      {},
      GROUP,
      (page: LevelPage<StockRow>) => ({ warehouseId: page.warehouseId }),
      (page) => ITEMS(page.rows),
    );
    return { pages, writer };
  }
}
