// Bearer authentication for a gateway: the token verifier, and the guard installed globally (deny by default).
import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ApiClientRepository } from '@gateway/persistence';
import { BEARER_AUTH_OPTIONS, BearerAuthOptions } from './bearer.options';
import { BearerAuthGuard } from './bearer-auth.guard';
import { BearerTokenVerifier } from './bearer-token-verifier';
import { IssuerKeySet } from './issuer-key-set';
import { RevocationCheck } from './revocation-check';

@Module({})
export class BearerAuthModule {
  static forRoot(options: BearerAuthOptions): DynamicModule {
    return {
      module: BearerAuthModule,
      providers: [
        { provide: BEARER_AUTH_OPTIONS, useValue: options },
        IssuerKeySet,
        RevocationCheck,
        ApiClientRepository,
        BearerTokenVerifier,
        { provide: APP_GUARD, useClass: BearerAuthGuard },
      ],
    };
  }
}
