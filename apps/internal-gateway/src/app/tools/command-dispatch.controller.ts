import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { CommandDispatchService, DISPATCH_COMMAND_MODELS, DispatchCommandDto, DispatchCommandOutcomeDto, dispatchCommandRequestSchema } from '@gateway/internal-tools';

@ApiTags('internal-tools')
@Authenticated()
@ApiExtraModels(...DISPATCH_COMMAND_MODELS)
@Controller('internal-tools')
export class CommandDispatchController {
  constructor(private readonly commands: CommandDispatchService) {}

  @Post('dispatch-command')
  @HttpCode(200)
  @ApiOperation({ summary: 'Run a command by hand: an unknown command or an invalid body is 400; a valid command the domain refuses is FAILED with its reason' })
  @ApiBody({ schema: dispatchCommandRequestSchema() })
  @ApiOkResponse({ type: DispatchCommandOutcomeDto })
  @ApiProblemResponses(400, 413, 415, 500)
  dispatchCommand(@CurrentCaller() caller: AuthenticatedCaller, @Body() body: DispatchCommandDto): Promise<DispatchCommandOutcomeDto> {
    return this.commands.dispatch(body, caller.identity.clientId);
  }
}
