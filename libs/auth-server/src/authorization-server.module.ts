// The authorization server's services: the token endpoint's grant, its counters and token state, the
// signing keys. The public gateway serves them (its auth controllers), and so does the test issuer.
import { DynamicModule, Module } from '@nestjs/common';
import { AUTHORIZATION_SERVER_OPTIONS, AuthorizationServerOptions, KeyReencryptionService, SigningKeysService } from '@gateway/domain';
import { TokenEndpointService } from './use-cases/token-endpoint.service';
import { TokenRateLimits } from './infra/token-rate-limits';
import { TokenStateView } from './infra/token-state-view';
import { SigningKeyMetrics } from './infra/signing-key-metrics';
import { DATABASE_OPTIONS, DatabaseOptions, SigningKeyRepository, WebhookEndpointRepository } from '@gateway/persistence';
import { TokenRequestRepository, TokenStateFeed } from '@gateway/persistence-public';

@Module({})
export class AuthorizationServerModule {
  static forRoot(options: AuthorizationServerOptions): DynamicModule {
    return {
      module: AuthorizationServerModule,
      providers: [
        { provide: AUTHORIZATION_SERVER_OPTIONS, useValue: options },
        TokenEndpointService,
        SigningKeysService,
        // At boot: whether KEY_ENCRYPTION_READ_V1=false may hold (no first-format row left).
        KeyReencryptionService,
        WebhookEndpointRepository,
        TokenRateLimits,
        TokenStateView,
        SigningKeyMetrics,
        // Connects only when the token endpoint starts it.
        { provide: TokenStateFeed, useFactory: (database: DatabaseOptions) => new TokenStateFeed(database), inject: [DATABASE_OPTIONS] },
        SigningKeyRepository,
        TokenRequestRepository,
      ],
      exports: [AUTHORIZATION_SERVER_OPTIONS, TokenEndpointService, SigningKeysService, KeyReencryptionService],
    };
  }
}
