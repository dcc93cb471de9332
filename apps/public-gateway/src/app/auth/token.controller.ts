// POST /oauth2/token: the answer is the OAuth object of RFC 6749 section 5, never a problem body.
import { Controller, Headers, HttpCode, Ip, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PublicRoute } from '@gateway/platform';
import { OAuthErrorDto, TokenEndpointService, TokenRequestDto, TokenResponseDto, answerTokenRequest, writeTokenAnswer } from '@gateway/auth-server';

@ApiTags('auth')
@ApiExtraModels(TokenRequestDto)
@PublicRoute()
@Controller('oauth2')
export class TokenController {
  constructor(private readonly tokens: TokenEndpointService) {}

  @Post('token')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exchange client credentials for an access token',
    description:
      'OAuth 2.0 client credentials grant. Authenticate with client_secret_basic (Authorization: Basic base64(urlencode(client_id):urlencode(client_secret))) or client_secret_post (client_id and client_secret in the form), whichever the client is registered for.',
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({
    schema: { $ref: getSchemaPath(TokenRequestDto) },
    examples: {
      client_secret_basic: { summary: 'client_secret_basic: the credentials go in the Authorization header', value: { grant_type: 'client_credentials' } },
      client_secret_post: {
        summary: 'client_secret_post: the credentials go in the form',
        value: { grant_type: 'client_credentials', client_id: 'YOUR_CLIENT_ID', client_secret: 'YOUR_CLIENT_SECRET' },
      },
    },
  })
  @ApiResponse({
    status: 200,
    type: TokenResponseDto,
    description: 'Token response',
    example: {
      access_token:
        'eyJhbGciOiJSUzI1NiIsInR5cCI6ImF0K2p3dCIsImtpZCI6IjdvSFItWWpic1JmTDlPeXZiSERERlplbzN2enZLTTVzTFBfUUtsTG9WMWcifQ.eyJjbGllbnRfaWQiOiJjbF9vSW94aTkxR1A0RjRSU1F3TnhGWUFBIn0.c2lnbmF0dXJl',
      token_type: 'bearer',
      expires_in: 900,
    },
  })
  @ApiResponse({ status: 400, type: OAuthErrorDto, description: 'invalid_request, unsupported_grant_type or invalid_scope' })
  @ApiResponse({
    status: 401,
    type: OAuthErrorDto,
    description: 'invalid_client',
    headers: { 'WWW-Authenticate': { description: 'Basic realm="token", charset="UTF-8", whichever method was used', schema: { type: 'string' } } },
  })
  @ApiResponse({ status: 413, type: OAuthErrorDto, description: 'invalid_request: the form is larger than 16 KB' })
  @ApiResponse({ status: 415, type: OAuthErrorDto, description: 'invalid_request: the body is in a character set this endpoint does not read' })
  @ApiResponse({
    status: 429,
    type: OAuthErrorDto,
    description: 'slow_down: too many tokens minted for the client, or a wrong secret after too many failed authentications from this address',
    headers: { 'Retry-After': { description: 'seconds to wait', schema: { type: 'integer', minimum: 1 } } },
  })
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
