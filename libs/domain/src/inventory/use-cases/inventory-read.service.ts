// The public inventory read, written as it is read: keyset pages of levels (openLevelPages) become
// JSON chunks, so memory holds one page whatever the number of rows.
import { Injectable } from '@nestjs/common';
import { Database, InventoryReadRepository, StockRow } from '@gateway/persistence';
import { CallerIdentity } from '../../auth/model/caller-identity';
import { OrganizationAccessPolicy } from '../../organizations/policies/organization-access.policy';
import { LevelPage, openLevelPages } from './level-pages';

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
    return this.chunks(pages);
  }

  private async *chunks(pages: AsyncGenerator<LevelPage<StockRow>>): AsyncGenerator<string> {
    yield '{"items":[';
    let current: string | undefined;
    for await (const page of pages) {
      let chunk = '';
      if (page.warehouseId !== current) {
        chunk = `${current === undefined ? '' : ']},'}{"warehouseId":${JSON.stringify(page.warehouseId)},"items":[`;
      } else {
        chunk = ',';
      }
      current = page.warehouseId;
      chunk += page.rows.map((row) => `{"barcode":${JSON.stringify(row.barcode)},"onHand":${row.onHand},"sellable":${row.sellable}}`).join(',');
      yield chunk;
    }
    yield current === undefined ? ']}' : ']}]}';
  }
}
