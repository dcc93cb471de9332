// The public inventory read, written as it is read: keyset pages of levels (openLevelPages) become
// JSON chunks in the shape of InventoryDto, so memory holds one page whatever the number of rows.
import { Injectable } from '@nestjs/common';
import { jsonEnvelope, jsonGroupedListChunks, jsonItemsWriter } from '@gateway/platform';
import { Database, InventoryReadRepository, StockRow } from '@gateway/persistence';
import { CallerIdentity, OrganizationAccessPolicy, LevelPage, openLevelPages } from '@gateway/domain';
import { InventoryDto, InventoryGroupDto, InventoryItemDto } from '../dto/inventory-entry.dto';

const INVENTORY = jsonEnvelope(InventoryDto, 'items');
const GROUP = jsonEnvelope(InventoryGroupDto, 'items');
const ITEMS = jsonItemsWriter(InventoryItemDto);

@Injectable()
export class InventoryReadService {
  constructor(
    private readonly db: Database,
    private readonly inventory: InventoryReadRepository,
    private readonly access: OrganizationAccessPolicy,
  ) {}

  /** Checks access and reads the first page before answering, so that errors come before any byte; then yields the JSON text. */
  async stream(identity: CallerIdentity, organizationId: string): Promise<AsyncGenerator<string>> {
    await this.access.assertCanAccessOrganization(identity, organizationId);
    const warehouses = await this.inventory.warehouses(this.db, organizationId);
    // Archived units are not shown; a warehouse whose units are all archived therefore has no group.
    const pages = await openLevelPages((warehouseId, after, limit) => this.inventory.stockPage(this.db, organizationId, warehouseId, after, limit), warehouses);
    return jsonGroupedListChunks(INVENTORY, {}, GROUP, ITEMS, groups(pages));
  }
}

async function* groups(pages: AsyncGenerator<LevelPage<StockRow>>) {
  for await (const page of pages) yield { group: { warehouseId: page.warehouseId }, items: page.rows };
}
