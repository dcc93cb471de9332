// The internal tools that act on inventory and fulfilment: dispatch-command and clarify-inventory-levels.
// Needs a JobQueue (JobQueueModule) in the application.
import { Module } from '@nestjs/common';
import { AccessRepository, DomainEventRepository, InventoryClarificationRepository, RetailUnitRepository } from '@gateway/persistence';
import { FulfilmentModule } from '../orders/fulfilment.module';
import { InventoryModule } from '../inventory/inventory.module';
import { COMMAND_HANDLERS, CommandHandler, CommandRegistry } from './policies/command-registry';
import { CommandDispatchService } from './use-cases/command-dispatch.service';
import { DISPATCHABLE_COMMANDS } from './policies/dispatchable-commands';
import { InventoryClarificationJob } from '../inventory-clarification/use-cases/inventory-clarification.job';
import { InventoryClarificationService } from '../inventory-clarification/use-cases/inventory-clarification.service';

@Module({
  imports: [InventoryModule, FulfilmentModule],
  providers: [
    ...DISPATCHABLE_COMMANDS,
    { provide: COMMAND_HANDLERS, useFactory: (...handlers: CommandHandler[]) => handlers, inject: DISPATCHABLE_COMMANDS },
    CommandRegistry,
    CommandDispatchService,
    InventoryClarificationService,
    InventoryClarificationJob,
    InventoryClarificationRepository,
    RetailUnitRepository,
    DomainEventRepository,
    AccessRepository,
  ],
  exports: [CommandDispatchService, InventoryClarificationService, InventoryClarificationJob],
})
export class InventoryToolsModule {}
