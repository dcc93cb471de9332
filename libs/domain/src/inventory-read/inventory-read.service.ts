// The public inventory read, written as it is read: keyset pages of levels become JSON chunks, so
// memory holds one page whatever the number of rows.
import { Injectable } from '@nestjs/common';
import { Database, InventoryReadRepository } from '@gateway/persistence';
import { CallerIdentity } from '../auth/caller-identity';
import { OrganizationAccessPolicy } from '../organizations/organization-access.policy';

const PAGE = 2000;

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
    const first = warehouses.length ? await this.inventory.page(this.db, organizationId, warehouses[0], '', PAGE) : [];
    return this.chunks(organizationId, warehouses, first);
  }

  private async *chunks(organizationId: string, warehouses: string[], first: Awaited<ReturnType<InventoryReadRepository['page']>>): AsyncGenerator<string> {
    yield '{"items":[';
    let groups = 0;
    for (const [index, warehouseId] of warehouses.entries()) {
      let page = index === 0 ? first : await this.inventory.page(this.db, organizationId, warehouseId, '', PAGE);
      // A warehouse whose units are all archived has nothing to show: no empty group.
      if (page.length === 0) continue;
      let chunk = `${groups++ === 0 ? '' : ','}{"warehouseId":${JSON.stringify(warehouseId)},"items":[`;
      let firstItem = true;
      while (page.length > 0) {
        for (const row of page) {
          chunk += `${firstItem ? '' : ','}{"barcode":${JSON.stringify(row.barcode)},"onHand":${row.onHand},"sellable":${row.sellable}}`;
          firstItem = false;
        }
        yield chunk;
        chunk = '';
        page = page.length < PAGE ? [] : await this.inventory.page(this.db, organizationId, warehouseId, page[page.length - 1].barcode, PAGE);
      }
      yield ']}';
    }
    yield ']}';
  }
}
