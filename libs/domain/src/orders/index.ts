// Orders and fulfilment: the fulfilment order state machine (fulfilment and the fixture import both follow it),
// the transitions that apply it, the cancellation both gateways offer, and shipments
export * from './fulfilment-lifecycle.module';
export * from './policies/fulfilment-order-state-machine';
export * from './policies/sales-order-amendment.policy';
export * from './policies/shipment-rules';
export * from './policies/tracking-url';
export * from './dto/shipment.dto';
export * from './use-cases/fulfilment-order-cancellation';
export * from './use-cases/fulfilment-order-transitions';
