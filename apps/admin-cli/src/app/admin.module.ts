import { DynamicModule, Module } from '@nestjs/common';
import {
  AUTHORIZATION_SERVER_OPTIONS,
  ApiClientsService,
  InventoryModule,
  KeyReencryptionService,
  SandboxOrganizationsService,
  SigningKeysService,
  parseKeyEncryptionKey,
} from '@gateway/domain';
import { FixturesModule } from '@gateway/fixture-import';
import { ApiClientRepository, DatabaseModule, OrganizationRepository, SigningKeyRepository, WebhookEndpointRepository } from '@gateway/persistence';

@Module({})
export class AdminModule {
  static forDatabase(url: string, keyEncryptionKey: string): DynamicModule {
    return {
      module: AdminModule,
      imports: [DatabaseModule.forRoot({ url, poolMax: 4, applicationName: 'admin-cli', statementTimeoutMs: 600_000 }), FixturesModule, InventoryModule],
      providers: [
        ApiClientsService,
        SigningKeysService,
        KeyReencryptionService,
        ApiClientRepository,
        SigningKeyRepository,
        WebhookEndpointRepository,
        SandboxOrganizationsService,
        OrganizationRepository,
        { provide: AUTHORIZATION_SERVER_OPTIONS, useFactory: () => ({ keyEncryptionKey: parseKeyEncryptionKey(keyEncryptionKey) }) },
      ],
    };
  }
}
