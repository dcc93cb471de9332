// Orders and fulfilment: the fulfilment order state machine (fulfilment and the fixture import both follow it),
// the steps that apply it (allocation, shipping, shipment tracking, cancellation), which every door shares, and shipments
export * from './fulfilment-lifecycle.module';
export * from './policies/fulfilment-order-state-machine';
export * from './policies/sales-order-amendment.policy';
export * from './policies/shipment-rules';
export * from './policies/tracking-url';
export * from './dto/shipment.dto';
export * from './dto/shipment-input.dto';
export * from './dto/fulfilment-order-status.dto';
export * from './dto/fulfilment-order-shipment.dto';
export * from './use-cases/fulfilment-order-allocation';
export * from './use-cases/fulfilment-order-cancellation';
export * from './use-cases/fulfilment-order-shipping';
export * from './use-cases/fulfilment-order-transitions';
export * from './use-cases/shipment-tracking';
