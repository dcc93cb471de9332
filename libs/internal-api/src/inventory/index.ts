// Inventory: internal reads, sync, rebuild, stock receipt, retail units
export * from './internal-inventory-read.module';
export * from './inventory-levels.module';
export * from './inventory-sync.module';
export * from './retail-units.module';
export * from './dto/inventory-level.dto';
export * from './dto/inventory-rebuild.dto';
export * from './dto/retail-unit-archival.dto';
export * from './use-cases/internal-inventory-read.service';
export * from './use-cases/inventory-level-rebuilder';
export * from './use-cases/inventory-rebuild.service';
export * from './use-cases/inventory-sync.service';
export * from './use-cases/retail-unit-archival.service';
export * from './use-cases/stock-receipt.service';
export * from './dto/inventory.openapi';
