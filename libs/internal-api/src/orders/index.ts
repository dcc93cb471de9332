// Orders: fulfilment orders (closure) and back orders; allocation, shipping and shipments are the shared domain's
export * from './fulfilment.module';
export * from './dto/back-order-view.dto';
export * from './dto/fulfilment-order-closure.dto';
export * from './use-cases/back-order-view.service';
export * from './use-cases/fulfilment-order-closure.service';
export * from './dto/orders.openapi';
