// Billing
export * from './billing.module';
export * from './dto/invoice.dto';
export * from './use-cases/invoices.service';
