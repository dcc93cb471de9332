import { Module } from '@nestjs/common';
import { CursorSealer, FulfilmentLifecycleModule, OrganizationsModule, ReturnsModule as DomainReturnsModule } from '@gateway/domain';
import { AccessRepository, ReturnRepository, SalesOrderRepository, ServerSecretRepository } from '@gateway/persistence';
import { IdempotencyModule } from '../orders';
import { ReturnsService } from './use-cases/returns.service';

@Module({
  imports: [DomainReturnsModule, FulfilmentLifecycleModule, OrganizationsModule, IdempotencyModule],
  providers: [ReturnsService, CursorSealer, AccessRepository, ReturnRepository, SalesOrderRepository, ServerSecretRepository],
  exports: [ReturnsService],
})
export class PublicReturnsModule {}
