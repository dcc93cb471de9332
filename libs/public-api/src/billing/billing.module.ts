import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@gateway/domain';
import { InvoicesService } from './use-cases/invoices.service';

@Module({
  imports: [OrganizationsModule],
  providers: [InvoicesService],
  exports: [InvoicesService],
})
export class BillingModule {}
