// Inbound stock: announcing, reading, changing and cancelling inbound shipments
export * from './inbound.module';
export * from './dto/inbound-shipment-input.dto';
export * from './dto/inbound.openapi';
export * from './policies/arrival-date';
export * from './use-cases/inbound-shipments.service';
