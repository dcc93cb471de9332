// The commands dispatch-command runs: adding one here registers it, validates its body and documents it.
import { AllocateFulfilmentOrderCommand, ShipFulfilmentOrderCommand } from './commands/fulfilment-order.commands';
import { RebuildInventoryLevelsCommand } from './commands/rebuild-inventory-levels.command';
import { ReceiveStockCommand } from './commands/receive-stock.command';

export const DISPATCHABLE_COMMANDS = [ReceiveStockCommand, AllocateFulfilmentOrderCommand, ShipFulfilmentOrderCommand, RebuildInventoryLevelsCommand];
