import { Controller, Get } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Authenticated, AuthenticatedCaller, CALLER_SHAPES, CurrentCaller, WhoamiDto, toWhoami } from '@gateway/domain';

@ApiTags('identity')
@ApiExtraModels(...CALLER_SHAPES)
@Authenticated()
@Controller('v0/whoami')
export class WhoamiController {
  @Get()
  @ApiOperation({ summary: 'Who the caller is (debug endpoint)' })
  @ApiOkResponse({
    description: 'Caller identity',
    schema: { oneOf: CALLER_SHAPES.map((shape) => ({ $ref: getSchemaPath(shape) })), discriminator: { propertyName: 'clientType' } },
  })
  whoami(@CurrentCaller() caller: AuthenticatedCaller): WhoamiDto {
    return toWhoami(caller.identity);
  }
}
