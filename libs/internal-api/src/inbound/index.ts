// Inbound stock: a warehouse's inbound shipments
export * from './inbound.module';
export * from './dto/warehouse-inbound.dto';
export * from './dto/inbound.openapi';
export * from './use-cases/warehouse-inbound.service';
