// Bearer authentication for a gateway: the strategy, and the guard installed globally (deny by default).
import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ApiClientRepository } from '@gateway/persistence';
import { BEARER_AUTH_OPTIONS, BearerAuthOptions } from './bearer.options';
import { createBearerAuthGuard } from './bearer-auth.guard';
import { createBearerStrategy } from './bearer.strategy';
import { IssuerKeySet } from './issuer-key-set';
import { RevocationCheck } from './revocation-check';

@Module({})
export class BearerAuthModule {
  static forRoot(options: BearerAuthOptions): DynamicModule {
    return {
      module: BearerAuthModule,
      imports: [PassportModule],
      providers: [
        { provide: BEARER_AUTH_OPTIONS, useValue: options },
        IssuerKeySet,
        RevocationCheck,
        ApiClientRepository,
        createBearerStrategy(options.audience),
        { provide: APP_GUARD, useClass: createBearerAuthGuard(options.audience) },
      ],
    };
  }
}
