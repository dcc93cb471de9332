// Billing: invoices of an organization
export * from './billing.module';
export * from './dto/invoice.dto';
export * from './use-cases/invoices.service';
export * from './dto/billing.openapi';
