// The commands dispatch-command runs: adding one here registers it, validates its body and documents it.
import { AllocateFulfilmentOrderCommand, ShipFulfilmentOrderCommand } from '../use-cases/fulfilment-order.commands';
import { RebuildInventoryLevelsCommand } from '../use-cases/rebuild-inventory-levels.command';
import { ReceiveStockCommand } from '../use-cases/receive-stock.command';
import { UpdateShipmentCommand } from '../use-cases/update-shipment.command';
import { MarkReturnArrivedCommand, ProcessReturnCommand } from '../use-cases/return.commands';
import { CloseInboundShipmentCommand, ReceiveInboundShipmentCommand } from '../use-cases/inbound-shipment.commands';

export const DISPATCHABLE_COMMANDS = [
  ReceiveStockCommand,
  AllocateFulfilmentOrderCommand,
  ShipFulfilmentOrderCommand,
  RebuildInventoryLevelsCommand,
  UpdateShipmentCommand,
  MarkReturnArrivedCommand,
  ProcessReturnCommand,
  ReceiveInboundShipmentCommand,
  CloseInboundShipmentCommand,
];
