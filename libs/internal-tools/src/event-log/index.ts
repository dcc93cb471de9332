// Event log: a barcode's domain events, newest first
export * from './event-log.module';
export * from './dto/domain-event-page.dto';
export * from './dto/events-by-barcode.query';
export * from './use-cases/events-by-barcode.service';
export * from './dto/event-log.openapi';
