import { Module } from '@nestjs/common';
import { DomainEventRepository, ReturnRepository } from '@gateway/persistence';
import { InventoryModule } from '../inventory';
import { ReturnLifecycle } from './use-cases/return-lifecycle';

/** The steps of a return, for the gateway doors that take them (the shop's cancel, the warehouse's arrival and processing). */
@Module({
  imports: [InventoryModule],
  providers: [ReturnLifecycle, ReturnRepository, DomainEventRepository],
  exports: [ReturnLifecycle, ReturnRepository],
})
export class ReturnsModule {}
