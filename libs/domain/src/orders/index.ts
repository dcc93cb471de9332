// Orders and fulfilment: the fulfilment order state machine (fulfilment and the fixture import both follow it), and shipments
export * from './policies/fulfilment-order-state-machine';
export * from './policies/shipment-rules';
export * from './dto/shipment.dto';
