// The operations only the internal gateway serves, by bounded context. What both gateways use is in @gateway/domain;
// the staff tools of /internal-tools are in @gateway/internal-tools.

// Inventory: internal reads, sync, rebuild, stock receipt, retail units
export * from './inventory/internal-inventory-read.module';
export * from './inventory/inventory-levels.module';
export * from './inventory/inventory-sync.module';
export * from './inventory/retail-units.module';
export * from './inventory/dto/inventory-level.dto';
export * from './inventory/dto/inventory-rebuild.dto';
export * from './inventory/dto/retail-unit-archival.dto';
export * from './inventory/use-cases/internal-inventory-read.service';
export * from './inventory/use-cases/inventory-level-rebuilder';
export * from './inventory/use-cases/inventory-rebuild.service';
export * from './inventory/use-cases/inventory-sync.service';
export * from './inventory/use-cases/retail-unit-archival.service';
export * from './inventory/use-cases/stock-receipt.service';

// Orders: fulfilment orders (allocation, shipping and shipments, closure) and back orders
export * from './orders/fulfilment.module';
export * from './orders/dto/back-order-view.dto';
export * from './orders/dto/fulfilment-order-closure.dto';
export * from './orders/dto/fulfilment-order-status.dto';
export * from './orders/dto/fulfilment-order-shipment.dto';
export * from './orders/use-cases/back-order-view.service';
export * from './orders/use-cases/fulfilment-order-allocation.service';
export * from './orders/use-cases/fulfilment-order-closure.service';
export * from './orders/use-cases/fulfilment-order-shipping.service';
export * from './orders/use-cases/shipment-tracking.service';

// Release channels: assigning an organization's channel
export * from './release-channels/release-channels.module';
export * from './release-channels/use-cases/release-channels.service';

// OpenAPI documentation of the operations
export * from './inventory/dto/inventory.openapi';
export * from './orders/dto/orders.openapi';
export * from './release-channels/dto/release-channels.openapi';
