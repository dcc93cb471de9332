// Orders: fulfilment orders (allocation, shipping and shipments, closure) and back orders
export * from './fulfilment.module';
export * from './dto/back-order-view.dto';
export * from './dto/fulfilment-order-closure.dto';
export * from './dto/fulfilment-order-status.dto';
export * from './dto/fulfilment-order-shipment.dto';
export * from './use-cases/back-order-view.service';
export * from './use-cases/fulfilment-order-allocation.service';
export * from './use-cases/fulfilment-order-closure.service';
export * from './use-cases/fulfilment-order-shipping.service';
export * from './use-cases/shipment-tracking.service';
export * from './dto/orders.openapi';
