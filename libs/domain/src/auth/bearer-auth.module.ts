// Bearer authentication for a gateway: the key set it holds, the strategy, the verified-token cache, the
// request quota every verified request counts against, and the guard installed globally (deny by default).
import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { BEARER_AUTH_OPTIONS, BearerAuthOptions } from './bearer.options';
import { createBearerAuthGuard } from './policies/bearer-auth.guard';
import { createBearerStrategy } from './policies/bearer.strategy';
import { IssuerKeySet } from './use-cases/issuer-key-set';
import { KEY_SET_SOURCE } from './use-cases/key-set-source';
import { RevocationCheck } from './use-cases/revocation-check';
import { VerifiedTokenCache } from './use-cases/verified-token-cache';
import { REQUEST_QUOTA_OPTIONS } from './model/request-quota-options';
import { RequestQuota } from './use-cases/request-quota';
import { ApiClientRepository, RequestQuotaRepository, SigningKeyRepository } from '@gateway/persistence';

@Module({})
export class BearerAuthModule {
  static forRoot(options: BearerAuthOptions): DynamicModule {
    const BearerStrategy = createBearerStrategy(options.audience);
    return {
      module: BearerAuthModule,
      imports: options.imports ?? [],
      providers: [
        { provide: BEARER_AUTH_OPTIONS, useValue: options },
        { provide: KEY_SET_SOURCE, useClass: options.keySetSource },
        IssuerKeySet,
        RevocationCheck,
        { provide: VerifiedTokenCache, useValue: new VerifiedTokenCache(options.tokenCache.enabled ? options.tokenCache.maxEntries : 0) },
        { provide: REQUEST_QUOTA_OPTIONS, useValue: options.requestQuota },
        RequestQuota,
        BearerStrategy,
        { provide: APP_GUARD, useClass: createBearerAuthGuard(BearerStrategy) },
        // The repositories its services use.
        ApiClientRepository,
        RequestQuotaRepository,
        SigningKeyRepository,
      ],
      exports: [IssuerKeySet, VerifiedTokenCache],
    };
  }
}
