// Inventory clarification: clarify-inventory-levels and its background job
export * from './inventory-clarification.module';
export * from './dto/clarify-inventory-levels.dto';
export * from './use-cases/inventory-clarification.job';
export * from './use-cases/inventory-clarification.service';
export * from './dto/inventory-clarification.openapi';
