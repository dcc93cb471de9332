// Archiving a retail unit (contract sections 5, 6.8 and 6.9): refused while a warehouse holds stock of it, an order
// still to be fulfilled or a return still to come back has a line of it, or an open inbound shipment names it;
// archiving twice succeeds; the archival and its event in one transaction.
import { Injectable } from '@nestjs/common';
import { NotFoundProblem } from '@gateway/platform';
import {
  AccessRepository,
  Database,
  DomainEventRepository,
  FulfilmentOrderRepository,
  InboundShipmentRepository,
  InventoryLevelRepository,
  RetailUnitRepository,
  ReturnRepository,
} from '@gateway/persistence';
import { RetailUnitArchivalDto } from '../dto/retail-unit-archival.dto';

@Injectable()
export class RetailUnitArchivalService {
  constructor(
    private readonly db: Database,
    private readonly retailUnits: RetailUnitRepository,
    private readonly levels: InventoryLevelRepository,
    private readonly fulfilmentOrders: FulfilmentOrderRepository,
    private readonly events: DomainEventRepository,
    private readonly access: AccessRepository,
    private readonly returns: ReturnRepository,
    private readonly inboundShipments: InboundShipmentRepository,
  ) {}

  async archive(organizationId: string, barcode: string, initiator: string): Promise<RetailUnitArchivalDto> {
    return this.db.transaction(async (tx) => {
      if (!(await this.access.organizationExists(tx, organizationId))) throw new NotFoundProblem('The organization does not exist.');
      // FOR UPDATE waits for receipts and sales orders that hold the unit (key share) and keeps new ones out.
      const unit = await this.retailUnits.find(tx, organizationId, barcode, 'UPDATE');
      if (!unit) throw new NotFoundProblem('The barcode is not a retail unit of this organization.');
      if (unit.archived) return { outcome: 'SUCCESS' };
      const stocked = await this.levels.warehousesWithStock(tx, organizationId, barcode);
      if (stocked.length > 0) {
        return { outcome: 'ARCHIVAL_FAILED', reason: 'STOCK_ON_HAND', detail: `The unit has stock on hand at ${stocked.join(', ')}.` };
      }
      const open = await this.fulfilmentOrders.countNonTerminalWithBarcode(tx, organizationId, barcode);
      if (open > 0) {
        return {
          outcome: 'ARCHIVAL_FAILED',
          reason: 'OPEN_FULFILMENT_ORDERS',
          detail: `${open} fulfilment order${open === 1 ? ' is' : 's are'} still to be fulfilled with this unit.`,
        };
      }
      // A return still to come back names the unit: its goods are to be received and restocked under it.
      if (await this.returns.openReturnNames(tx, organizationId, barcode)) {
        return { outcome: 'ARCHIVAL_FAILED', reason: 'OPEN_RETURNS', detail: 'A return still to arrive or be processed has a line of this unit.' };
      }
      if (await this.inboundShipments.openNaming(tx, organizationId, barcode)) {
        return { outcome: 'ARCHIVAL_FAILED', reason: 'OPEN_INBOUND_SHIPMENTS', detail: 'An inbound shipment still awaited or being received names this unit.' };
      }
      await this.retailUnits.archive(tx, organizationId, barcode);
      await this.events.append(tx, [
        { organizationId, type: 'RetailUnitArchived', aggregateType: 'RetailUnit', aggregateId: barcode, barcode, initiator, payload: { sku: unit.sku } },
      ]);
      return { outcome: 'SUCCESS' };
    });
  }
}
