// The staff operations only the internal gateway serves (/internal-tools), by bounded context.

// Command dispatch: the registry of dispatch-command and its commands
export * from './command-dispatch/command-dispatch.module';
export * from './command-dispatch/dto/dispatch-command.dto';
export * from './command-dispatch/policies/command-registry';
export * from './command-dispatch/policies/dispatchable-commands';
export * from './command-dispatch/use-cases/command-dispatch.service';

// Event log: a barcode's domain events, newest first
export * from './event-log/event-log.module';
export * from './event-log/dto/domain-event-page.dto';
export * from './event-log/dto/events-by-barcode.query';
export * from './event-log/use-cases/events-by-barcode.service';

// Inventory clarification: clarify-inventory-levels and its background job
export * from './inventory-clarification/inventory-clarification.module';
export * from './inventory-clarification/dto/clarify-inventory-levels.dto';
export * from './inventory-clarification/use-cases/inventory-clarification.job';
export * from './inventory-clarification/use-cases/inventory-clarification.service';

// OpenAPI documentation of the operations
export * from './command-dispatch/dto/command-dispatch.openapi';
export * from './event-log/dto/event-log.openapi';
export * from './inventory-clarification/dto/inventory-clarification.openapi';
