// Inventory: the catalogue (the retail units of an organization) and the public read of an organization's levels
export * from './catalogue.module';
export * from './dto/retail-unit-catalogue.dto';
export * from './use-cases/retail-unit-catalogue.service';
export * from './inventory-read.module';
export * from './dto/inventory-entry.dto';
export * from './use-cases/inventory-read.service';
export * from './dto/inventory.openapi';
