import { DynamicModule, Module } from '@nestjs/common';
import { HealthController } from '@gateway/platform';
import { DatabaseModule } from '@gateway/persistence';
import { PublicGatewayConfig } from './public-gateway.config';

@Module({})
export class PublicGatewayModule {
  static forRoot(config: PublicGatewayConfig): DynamicModule {
    return {
      module: PublicGatewayModule,
      imports: [
        DatabaseModule.forRoot({
          url: config.DATABASE_URL,
          poolMax: config.DATABASE_POOL_MAX,
          connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          applicationName: 'public-gateway',
        }),
      ],
      controllers: [HealthController],
    };
  }
}
