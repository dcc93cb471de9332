import { DynamicModule, Module } from '@nestjs/common';
import { AUTHORIZATION_SERVER_OPTIONS, ApiClientsService, KeyReencryptionService, SigningKeysService, parseKeyEncryptionKey } from '@gateway/domain';
import { FixturesModule } from '@gateway/fixture-import';
import { ApiClientRepository, DatabaseModule, SigningKeyRepository, WebhookEndpointRepository } from '@gateway/persistence';

@Module({})
export class AdminModule {
  static forDatabase(url: string, keyEncryptionKey: string): DynamicModule {
    return {
      module: AdminModule,
      imports: [DatabaseModule.forRoot({ url, poolMax: 4, applicationName: 'admin-cli', statementTimeoutMs: 600_000 }), FixturesModule],
      providers: [
        ApiClientsService,
        SigningKeysService,
        KeyReencryptionService,
        ApiClientRepository,
        SigningKeyRepository,
        WebhookEndpointRepository,
        { provide: AUTHORIZATION_SERVER_OPTIONS, useFactory: () => ({ keyEncryptionKey: parseKeyEncryptionKey(keyEncryptionKey) }) },
      ],
    };
  }
}
