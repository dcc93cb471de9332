// The OpenAPI documentation of the token endpoint (the controller states its summary). Its errors are OAuth
// error objects (RFC 6749 section 5.2), never problem details.
import { getSchemaPath } from '@nestjs/swagger';
import { operationDocs } from '@gateway/platform';
import { OAuthErrorDto, TokenRequestDto, TokenResponseDto } from './token.dto';

export const TOKEN_DOCS = operationDocs({
  token: {
    description:
      'OAuth 2.0 client credentials grant. Authenticate with client_secret_basic (Authorization: Basic base64(urlencode(client_id):urlencode(client_secret))) or client_secret_post (client_id and client_secret in the form), whichever the client is registered for.',
    consumes: 'application/x-www-form-urlencoded',
    body: {
      schema: { $ref: getSchemaPath(TokenRequestDto) },
      examples: {
        client_secret_basic: { summary: 'client_secret_basic: the credentials go in the Authorization header', value: { grant_type: 'client_credentials' } },
        client_secret_post: {
          summary: 'client_secret_post: the credentials go in the form',
          value: { grant_type: 'client_credentials', client_id: 'YOUR_CLIENT_ID', client_secret: 'YOUR_CLIENT_SECRET' },
        },
      },
    },
    answer: {
      type: TokenResponseDto,
      description: 'Token response',
      example: {
        access_token:
          'eyJhbGciOiJSUzI1NiIsInR5cCI6ImF0K2p3dCIsImtpZCI6IjdvSFItWWpic1JmTDlPeXZiSERERlplbzN2enZLTTVzTFBfUUtsTG9WMWcifQ.eyJjbGllbnRfaWQiOiJjbF9vSW94aTkxR1A0RjRSU1F3TnhGWUFBIn0.c2lnbmF0dXJl',
        token_type: 'bearer',
        expires_in: 900,
      },
    },
    errors: [
      { status: 400, type: OAuthErrorDto, description: 'invalid_request, unsupported_grant_type or invalid_scope' },
      {
        status: 401,
        type: OAuthErrorDto,
        description: 'invalid_client',
        headers: { 'WWW-Authenticate': { description: 'Basic realm="token", charset="UTF-8", whichever method was used', schema: { type: 'string' } } },
      },
      { status: 413, type: OAuthErrorDto, description: 'invalid_request: the form is larger than 16 KB' },
      { status: 415, type: OAuthErrorDto, description: 'invalid_request: the body is in a character set this endpoint does not read' },
      {
        status: 429,
        type: OAuthErrorDto,
        description: 'slow_down: too many tokens minted for the client, or a wrong secret after too many failed authentications from this address',
        headers: { 'Retry-After': { description: 'seconds to wait', schema: { type: 'integer', minimum: 1 } } },
      },
    ],
  },
});
