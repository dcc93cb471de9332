// Inbound shipments in one line, through the real use cases built from their modules: announced as
// POST .../inbound-shipments announces them, received and closed as the warehouse's commands do.
import { Database } from '@gateway/persistence';
import { AuthenticatedCaller, InboundShipmentDto, InboundShipmentReceiving, InboundStockModule } from '@gateway/domain';
import { CreateInboundShipmentDto, InboundModule, InboundShipmentsService } from '@gateway/public-api';
import { withDomainModule } from './domain-module';

const SERVICE_CALLER: AuthenticatedCaller = {
  identity: { clientType: 'SERVICE', clientId: 'test-merchant' },
  audience: 'public',
  tokenId: 'test',
  expiresAt: Number.MAX_SAFE_INTEGER,
};

/** Announces an inbound shipment to the organization's warehouse, expected today. */
export async function announceInboundShipment(
  db: Database,
  target: { organizationId: string; warehouseId: string },
  lines: { barcode: string; quantity: number }[],
  extra: Partial<CreateInboundShipmentDto> = {},
): Promise<InboundShipmentDto> {
  const body = {
    reference: `PO-${Math.random().toString(36).slice(2, 10)}`,
    warehouseId: target.warehouseId,
    expectedArrivalDate: new Date().toISOString().slice(0, 10),
    lines,
    ...extra,
  } as CreateInboundShipmentDto;
  const { record } = await withDomainModule(db, InboundModule, (m) => m.get(InboundShipmentsService).create(SERVICE_CALLER, target.organizationId, body));
  return record;
}

/** The warehouse's side, as RECEIVE_INBOUND_SHIPMENT and CLOSE_INBOUND_SHIPMENT run it. */
export function inboundReceiving(db: Database) {
  const run = <T>(work: (receiving: InboundShipmentReceiving) => Promise<T>) =>
    withDomainModule(db, InboundStockModule, (m) => work(m.get(InboundShipmentReceiving)));
  return {
    receive: (organizationId: string, id: string, lines: { barcode: string; quantity: number }[]) =>
      run((r) => r.receive(organizationId, id, lines, 'test-warehouse')),
    close: (organizationId: string, id: string) => run((r) => r.close(organizationId, id, 'test-warehouse')),
  };
}
