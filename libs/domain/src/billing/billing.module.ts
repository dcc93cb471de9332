import { Module } from '@nestjs/common';
import { InvoiceRepository } from '@gateway/persistence';
import { OrganizationsModule } from '../organizations/organizations.module';
import { InvoicesService } from './use-cases/invoices.service';

@Module({
  imports: [OrganizationsModule],
  providers: [InvoicesService, InvoiceRepository],
  exports: [InvoicesService],
})
export class BillingModule {}
