import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@gateway/domain';
import { InvoicesService } from './use-cases/invoices.service';
import { InvoiceRepository } from '@gateway/persistence-public';

@Module({
  imports: [OrganizationsModule],
  providers: [InvoicesService, InvoiceRepository],
  exports: [InvoicesService],
})
export class BillingModule {}
