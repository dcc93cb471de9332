import { Controller, Get, Query } from '@nestjs/common';
import { ApiProblemResponses, NoQueryParameters } from '@gateway/platform';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Authenticated, AuthenticatedCaller, CALLER_SHAPES, CALLER_SHAPES_BY_TYPE, CurrentCaller, WhoamiDto, toWhoami } from '@gateway/domain';

@ApiTags('identity')
@ApiExtraModels(...CALLER_SHAPES)
@Authenticated()
@Controller('v0/whoami')
export class WhoamiController {
  @Get()
  @ApiOperation({ summary: 'Who the caller is (debug endpoint)' })
  @ApiOkResponse({
    description: 'Caller identity',
    example: { clientType: 'SERVICE', clientId: 'cl_oIoxi91GP4F4RSQwNxFYAA' },
    schema: {
      oneOf: CALLER_SHAPES.map((shape) => ({ $ref: getSchemaPath(shape) })),
      discriminator: {
        propertyName: 'clientType',
        mapping: Object.fromEntries(Object.entries(CALLER_SHAPES_BY_TYPE).map(([type, shape]) => [type, getSchemaPath(shape)])),
      },
    },
  })
  @ApiProblemResponses(400)
  whoami(@CurrentCaller() caller: AuthenticatedCaller, @Query() _query: NoQueryParameters): WhoamiDto {
    return toWhoami(caller.identity);
  }
}
