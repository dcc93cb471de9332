// Inventory: the ledger and the stock adjustment over it, the sync modes and barcode rules, the level pages both gateways' reads stream
export * from './inventory.module';
export * from './dto/inventory-sync.dto';
export * from './use-cases/inventory-ledger';
export * from './use-cases/stock-adjustment';
export * from './use-cases/level-pages';
