// Listing an organization's retail units (contract 6.7): whoever may read the organization's inventory may
// read its catalogue. Keyset pages by barcode; the sealed cursor carries the organization, the filters and
// the last barcode, and is refused with any other.
import { Injectable } from '@nestjs/common';
import { CatalogueUnitRow, ReplicaReads, RetailUnitRepository } from '@gateway/persistence';
import { CallerIdentity, CursorSealer, OrganizationAccessPolicy, CursorOf, cursorField, cursorShape } from '@gateway/domain';
import { ListRetailUnitsQuery, RETAIL_UNIT_PAGE_LIMIT, RetailUnitDto, RetailUnitPageDto } from '../dto/retail-unit-catalogue.dto';

const PURPOSE = 'retail-units cursor v1';

const isCursor = cursorShape({
  organizationId: cursorField.string,
  barcode: cursorField.nullable(cursorField.string),
  sku: cursorField.nullable(cursorField.string),
  includeArchived: cursorField.boolean,
  after: cursorField.string,
});
type CatalogueCursor = CursorOf<typeof isCursor>;

function toDto(row: CatalogueUnitRow): RetailUnitDto {
  return { barcode: row.barcode, sku: row.sku, name: row.name, ...(row.weightGram !== null ? { weightGram: row.weightGram } : {}), archived: row.archived };
}

@Injectable()
export class RetailUnitCatalogueService {
  constructor(
    // Retail units may lag (contract section 8): the replica's when there is one; the access check reads the primary.
    private readonly db: ReplicaReads,
    private readonly access: OrganizationAccessPolicy,
    private readonly units: RetailUnitRepository,
    private readonly cursors: CursorSealer,
  ) {}

  async list(identity: CallerIdentity, organizationId: string, query: ListRetailUnitsQuery): Promise<RetailUnitPageDto> {
    await this.access.assertCanAccessOrganization(identity, organizationId);
    const filters = { organizationId, barcode: query.barcode ?? null, sku: query.sku ?? null, includeArchived: query.includeArchived ?? false };
    let after: string | undefined;
    if (query.cursor !== undefined) {
      const cursor = await this.cursors.openForQuery(
        PURPOSE,
        query.cursor,
        isCursor,
        ({ after: _last, ...bound }) => JSON.stringify(bound) === JSON.stringify(filters),
        'organization, barcode, sku and includeArchived',
      );
      after = cursor.after;
    }
    const limit = query.limit ?? RETAIL_UNIT_PAGE_LIMIT.default;
    const rows = await this.units.cataloguePage(this.db, {
      organizationId,
      barcode: query.barcode,
      sku: query.sku,
      includeArchived: filters.includeArchived,
      after,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const nextCursor =
      rows.length > limit ? await this.cursors.seal(PURPOSE, { ...filters, after: page[page.length - 1].barcode } satisfies CatalogueCursor) : null;
    return { items: page.map(toDto), nextCursor };
  }
}
