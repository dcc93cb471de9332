// POST /oauth2/token: the answer is the OAuth object of RFC 6749 section 5, never a problem body.
import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiExtraModels, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Endpoint, PublicRoute } from '@gateway/platform';
import { TOKEN_DOCS, TokenEndpointService, TokenRequestDto, answerTokenHttpRequest } from '@gateway/auth-server';

@ApiTags('auth')
@ApiExtraModels(TokenRequestDto)
@PublicRoute()
@Controller('oauth2')
export class TokenController {
  constructor(private readonly tokens: TokenEndpointService) {}

  @Post('token')
  @HttpCode(200)
  @Endpoint({ summary: 'Exchange client credentials for an access token', ...TOKEN_DOCS.token })
  token(@Req() req: Request, @Res() res: Response): Promise<void> {
    return answerTokenHttpRequest(this.tokens, req, res);
  }
}
