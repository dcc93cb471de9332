// Inbound stock: the inbound shipment's state machine, its record, and the receipts that raise stock
export * from './inbound-stock.module';
export * from './policies/inbound-shipment-state-machine';
export * from './dto/inbound-shipment.dto';
export * from './dto/inbound-receipt-line.dto';
export * from './use-cases/inbound-shipment-receiving';
