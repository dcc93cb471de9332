// Orders and fulfilment: the fulfilment order state machine (fulfilment and the fixture import both follow it),
// the transitions that apply it and the cancellation both gateways offer
export * from './fulfilment-lifecycle.module';
export * from './policies/fulfilment-order-state-machine';
export * from './policies/sales-order-amendment.policy';
export * from './use-cases/fulfilment-order-cancellation';
export * from './use-cases/fulfilment-order-transitions';
