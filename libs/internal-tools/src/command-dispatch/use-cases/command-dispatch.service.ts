// dispatch-command: envelope and body are valid (global pipe, in one round); the registry runs the command.
import { Injectable } from '@nestjs/common';
import { CommandRegistry } from '../policies/command-registry';
import { DispatchCommandDto, DispatchCommandOutcomeDto } from '../dto/dispatch-command.dto';

@Injectable()
export class CommandDispatchService {
  constructor(private readonly registry: CommandRegistry) {}

  dispatch(request: DispatchCommandDto, clientId: string): Promise<DispatchCommandOutcomeDto> {
    return this.registry.dispatch(request.commandName, request.commandBody, { organizationId: request.organizationId, initiator: clientId });
  }
}
