// dispatch-command: the envelope is valid (global pipe); the registry validates the body and runs it.
import { Injectable } from '@nestjs/common';
import { CommandRegistry } from './command-registry';
import { DispatchCommandDto, DispatchCommandOutcomeDto } from './dispatch-command.dto';

@Injectable()
export class CommandDispatchService {
  constructor(private readonly registry: CommandRegistry) {}

  dispatch(request: DispatchCommandDto, clientId: string): Promise<DispatchCommandOutcomeDto> {
    return this.registry.dispatch(request.commandName, request.commandBody, { organizationId: request.organizationId, initiator: clientId });
  }
}
