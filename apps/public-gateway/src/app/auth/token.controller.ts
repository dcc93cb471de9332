// POST /oauth2/token: the answer is the OAuth object of RFC 6749 section 5, never a problem body.
import { Controller, Headers, HttpCode, Ip, Post, Req, Res } from '@nestjs/common';
import { ApiExtraModels, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Endpoint, PublicRoute } from '@gateway/platform';
import { TOKEN_DOCS, TokenEndpointService, TokenRequestDto, answerTokenRequest, writeTokenAnswer } from '@gateway/auth-server';

@ApiTags('auth')
@ApiExtraModels(TokenRequestDto)
@PublicRoute()
@Controller('oauth2')
export class TokenController {
  constructor(private readonly tokens: TokenEndpointService) {}

  @Post('token')
  @HttpCode(200)
  @Endpoint({ summary: 'Exchange client credentials for an access token', ...TOKEN_DOCS.token })
  async token(
    @Req() req: Request,
    @Headers('content-type') contentType: string | undefined,
    @Headers('authorization') authorization: string | undefined,
    @Ip() address: string,
    @Res() res: Response,
  ): Promise<void> {
    writeTokenAnswer(res, await answerTokenRequest(this.tokens, { contentType, authorization, body: req.body, address }));
  }
}
