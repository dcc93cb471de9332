import { DynamicModule, Module } from '@nestjs/common';
import { FixturesModule } from '@gateway/domain';
import { DatabaseModule } from '@gateway/persistence';

@Module({})
export class AdminModule {
  static forDatabase(url: string): DynamicModule {
    return {
      module: AdminModule,
      imports: [DatabaseModule.forRoot({ url, poolMax: 4, applicationName: 'admin-cli', statementTimeoutMs: 600_000 }), FixturesModule],
    };
  }
}
