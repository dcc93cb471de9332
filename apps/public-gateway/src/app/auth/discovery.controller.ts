// The discovery documents and the key set (spec 5): public, cacheable, keys public only.
import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PublicRoute } from '@gateway/platform';
import { AUTHORIZATION_SERVER_OPTIONS, AuthorizationServerOptions, SigningKeysService } from '@gateway/domain';
import { authorizationServerMetadata, protectedResourceMetadata } from '@gateway/auth-server';

@ApiExcludeController()
@PublicRoute()
@Controller('.well-known')
export class DiscoveryController {
  constructor(
    @Inject(AUTHORIZATION_SERVER_OPTIONS) private readonly options: AuthorizationServerOptions,
    private readonly keys: SigningKeysService,
  ) {}

  @Get('oauth-protected-resource')
  @Header('Cache-Control', 'public, max-age=300')
  protectedResource() {
    return protectedResourceMetadata(this.options);
  }

  @Get('oauth-authorization-server')
  @Header('Cache-Control', 'public, max-age=300')
  authorizationServer() {
    return authorizationServerMetadata(this.options);
  }

  @Get('openid-configuration')
  @Header('Cache-Control', 'public, max-age=300')
  openidConfiguration() {
    return authorizationServerMetadata(this.options);
  }

  @Get('jwks.json')
  @Header('Cache-Control', 'public, max-age=60')
  jwks() {
    return this.keys.publishedJwks();
  }
}
