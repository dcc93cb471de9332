// The staff operations only the internal gateway serves (/internal-tools), by bounded context (one index.ts per
// context, its public face: another context imports only through it).

export * from './command-dispatch'; // Command dispatch: the registry of dispatch-command and its commands
export * from './event-log'; // Event log: a barcode's domain events, newest first
export * from './inventory-clarification'; // Inventory clarification: clarify-inventory-levels and its background job
