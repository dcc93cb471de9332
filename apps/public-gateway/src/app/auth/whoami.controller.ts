import { Controller, Get, Query } from '@nestjs/common';
import { Endpoint, NoQueryParameters } from '@gateway/platform';
import { ApiExtraModels, ApiTags } from '@nestjs/swagger';
import { AUTH_DOCS, Authenticated, AuthenticatedCaller, CALLER_SHAPES, CurrentCaller, WhoamiDto, toWhoami } from '@gateway/domain';

@ApiTags('identity')
@ApiExtraModels(...CALLER_SHAPES)
@Authenticated()
@Controller('v0/whoami')
export class WhoamiController {
  @Get()
  @Endpoint({ summary: 'Who the caller is (debug endpoint)', ...AUTH_DOCS.whoami })
  whoami(@CurrentCaller() caller: AuthenticatedCaller, @Query() _query: NoQueryParameters): WhoamiDto {
    return toWhoami(caller.identity);
  }
}
