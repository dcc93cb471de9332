// The authorization server: token endpoint, discovery documents and key set, with the services
// behind them. Mounted by the public gateway (and by the test issuer).
import { DynamicModule, Module } from '@nestjs/common';
import { AUTHORIZATION_SERVER_OPTIONS, AuthorizationServerOptions, SigningKeysService } from '@gateway/domain';
import { DiscoveryController } from './http/discovery.controller';
import { TokenController } from './http/token.controller';
import { TokenEndpointService } from './use-cases/token-endpoint.service';
import { TokenRateLimits } from './infra/token-rate-limits';
import { TokenStateView } from './infra/token-state-view';

@Module({})
export class AuthorizationServerModule {
  static forRoot(options: AuthorizationServerOptions): DynamicModule {
    return {
      module: AuthorizationServerModule,
      controllers: [TokenController, DiscoveryController],
      providers: [{ provide: AUTHORIZATION_SERVER_OPTIONS, useValue: options }, TokenEndpointService, SigningKeysService, TokenRateLimits, TokenStateView],
      exports: [SigningKeysService],
    };
  }
}
