// The authorization server: token endpoint, discovery documents and key set, with the services
// behind them. Mounted by the public gateway (and by the test issuer).
import { DynamicModule, Module } from '@nestjs/common';
import { SigningKeyRepository, TokenRequestRepository } from '@gateway/persistence';
import { AUTHORIZATION_SERVER_OPTIONS, AuthorizationServerOptions } from './auth.options';
import { DiscoveryController } from './http/discovery.controller';
import { TokenController } from './http/token.controller';
import { SigningKeysService } from './use-cases/signing-keys.service';
import { TokenEndpointService } from './token-endpoint.service';
import { TokenRateLimits } from './token-rate-limits';

@Module({})
export class AuthorizationServerModule {
  static forRoot(options: AuthorizationServerOptions): DynamicModule {
    return {
      module: AuthorizationServerModule,
      controllers: [TokenController, DiscoveryController],
      providers: [
        { provide: AUTHORIZATION_SERVER_OPTIONS, useValue: options },
        TokenEndpointService,
        SigningKeysService,
        TokenRateLimits,
        TokenRequestRepository,
        SigningKeyRepository,
      ],
      exports: [SigningKeysService],
    };
  }
}
