import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExtraModels, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { COMMAND_DISPATCH_DOCS, CommandDispatchService, DISPATCH_COMMAND_MODELS, DispatchCommandDto, DispatchCommandOutcomeDto } from '@gateway/internal-tools';

@ApiTags('internal-tools')
@Authenticated()
@ApiExtraModels(...DISPATCH_COMMAND_MODELS)
@Controller('internal-tools')
export class CommandDispatchController {
  constructor(private readonly commands: CommandDispatchService) {}

  @Post('dispatch-command')
  @HttpCode(200)
  @Endpoint({
    summary: 'Run a command by hand: an unknown command or an invalid body is 400; a valid command the domain refuses is FAILED with its reason',
    ...COMMAND_DISPATCH_DOCS.dispatchCommand,
  })
  dispatchCommand(@CurrentCaller() caller: AuthenticatedCaller, @Body() body: DispatchCommandDto): Promise<DispatchCommandOutcomeDto> {
    return this.commands.dispatch(body, caller.identity.clientId);
  }
}
