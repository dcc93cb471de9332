// A warehouse's inbound shipments of an organization, by expected arrival date, in keyset pages: what the
// staff who plan receiving read. A safe read; an unknown organization or warehouse is a 404.
import { Injectable } from '@nestjs/common';
import { NotFoundProblem } from '@gateway/platform';
import { AccessRepository, Database, InboundShipmentRepository, InventoryReadRepository } from '@gateway/persistence';
import { CursorOf, CursorSealer, OPEN_INBOUND_SHIPMENT_STATUSES, cursorField, cursorShape, toInboundShipmentDto } from '@gateway/domain';
import { WAREHOUSE_INBOUND_PAGE_LIMIT, WarehouseInboundPageDto, WarehouseInboundQuery } from '../dto/warehouse-inbound.dto';

const PURPOSE = 'warehouse-inbound cursor v1';
const isCursor = cursorShape({
  organizationId: cursorField.string,
  warehouseId: cursorField.string,
  status: cursorField.nullable(cursorField.string),
  expectedArrivalDate: cursorField.string,
  id: cursorField.string,
});
type WarehouseInboundCursor = CursorOf<typeof isCursor>;

@Injectable()
export class WarehouseInboundService {
  constructor(
    private readonly db: Database,
    private readonly shipments: InboundShipmentRepository,
    private readonly access: AccessRepository,
    private readonly warehouses: InventoryReadRepository,
    private readonly cursors: CursorSealer,
  ) {}

  async list(organizationId: string, warehouseId: string, query: WarehouseInboundQuery): Promise<WarehouseInboundPageDto> {
    if (!(await this.access.organizationExists(this.db, organizationId))) throw new NotFoundProblem('The organization does not exist.');
    if (!(await this.warehouses.warehouseExists(this.db, warehouseId))) throw new NotFoundProblem('The warehouse does not exist.');
    const status = query.status ?? null;
    const cursor =
      query.cursor === undefined
        ? undefined
        : await this.cursors.openForQuery(
            PURPOSE,
            query.cursor,
            isCursor,
            (sent) => sent.organizationId === organizationId && sent.warehouseId === warehouseId && sent.status === status,
            'organization, warehouse and status',
          );
    const limit = query.limit ?? WAREHOUSE_INBOUND_PAGE_LIMIT.default;
    const rows = await this.shipments.pageOfWarehouse(this.db, {
      organizationId,
      warehouseId,
      statuses: query.status ? [query.status] : OPEN_INBOUND_SHIPMENT_STATUSES,
      after: cursor ? { expectedArrivalDate: cursor.expectedArrivalDate, id: cursor.id } : undefined,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit
        ? await this.cursors.seal(PURPOSE, {
            organizationId,
            warehouseId,
            status,
            expectedArrivalDate: last.expectedArrivalDate,
            id: last.id,
          } satisfies WarehouseInboundCursor)
        : null;
    return { items: page.map(toInboundShipmentDto), nextCursor };
  }
}
