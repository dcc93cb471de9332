// Orders and fulfilment: the fulfilment order state machine (fulfilment and the fixture import both follow it)
export * from './policies/fulfilment-order-state-machine';
