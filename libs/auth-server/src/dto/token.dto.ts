// OpenAPI shapes of the token endpoint (spec 2.6, 4.2, 7).
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class TokenRequestDto {
  @ApiProperty({ enum: ['client_credentials'] })
  grant_type!: string;

  @ApiPropertyOptional({ description: 'client_secret_post only' })
  client_id?: string;

  @ApiPropertyOptional({ description: 'client_secret_post only' })
  client_secret?: string;

  @ApiPropertyOptional({ description: 'space-delimited; the service does not currently require any scope' })
  scope?: string;
}

export class TokenResponseDto {
  @ApiProperty({ description: 'signed JWT (RFC 9068), sent back as a bearer token' })
  access_token!: string;

  @ApiProperty({ enum: ['bearer'] })
  token_type!: string;

  @ApiProperty({ type: 'integer', minimum: 1, description: 'seconds until expiry' })
  expires_in!: number;

  @ApiPropertyOptional({ description: 'granted scopes; present only when a scope was requested' })
  scope?: string;
}

export class OAuthErrorDto {
  @ApiProperty({ enum: ['invalid_request', 'invalid_client', 'unsupported_grant_type', 'invalid_scope', 'slow_down'] })
  error!: string;

  @ApiPropertyOptional({ description: 'for display only; clients branch on error' })
  error_description?: string;
}
