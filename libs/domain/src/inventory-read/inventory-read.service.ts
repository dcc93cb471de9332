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

  /** Checks access first (so errors come before any byte of the answer), then yields the JSON text. */
  async stream(identity: CallerIdentity, organizationId: string): Promise<AsyncGenerator<string>> {
    await this.access.assertCanAccessOrganization(identity, organizationId);
    const first = await this.inventory.page(this.db, organizationId, undefined, PAGE);
    return this.chunks(organizationId, first);
  }

  private async *chunks(organizationId: string, first: Awaited<ReturnType<InventoryReadRepository['page']>>): AsyncGenerator<string> {
    let page = first;
    let warehouse: string | undefined;
    yield '{"items":[';
    while (page.length > 0) {
      let chunk = '';
      for (const row of page) {
        if (row.warehouseId !== warehouse) {
          chunk += `${warehouse === undefined ? '' : ']},'}{"warehouseId":${JSON.stringify(row.warehouseId)},"items":[`;
          warehouse = row.warehouseId;
        } else {
          chunk += ',';
        }
        chunk += `{"barcode":${JSON.stringify(row.barcode)},"onHand":${row.onHand},"sellable":${row.sellable}}`;
      }
      yield chunk;
      const last = page[page.length - 1];
      page = page.length < PAGE ? [] : await this.inventory.page(this.db, organizationId, last, PAGE);
    }
    yield warehouse === undefined ? ']}' : ']}]}';
  }
}
