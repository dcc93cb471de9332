// dispatch-command: the registry of the commands and the use cases they run.
import { Module } from '@nestjs/common';
import { FulfilmentModule, InventoryLevelsModule } from '@gateway/internal-api';
import { InboundStockModule, ReturnsModule } from '@gateway/domain';
import { COMMAND_HANDLERS, CommandHandler, CommandRegistry } from './policies/command-registry';
import { CommandDispatchService } from './use-cases/command-dispatch.service';
import { DISPATCHABLE_COMMANDS } from './policies/dispatchable-commands';

@Module({
  imports: [InventoryLevelsModule, FulfilmentModule, ReturnsModule, InboundStockModule],
  providers: [
    ...DISPATCHABLE_COMMANDS,
    { provide: COMMAND_HANDLERS, useFactory: (...handlers: CommandHandler[]) => handlers, inject: DISPATCHABLE_COMMANDS },
    CommandRegistry,
    CommandDispatchService,
  ],
  exports: [CommandDispatchService],
})
export class CommandDispatchModule {}
