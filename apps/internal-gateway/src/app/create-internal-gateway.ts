// Builds the internal gateway application, configured but not yet listening (main.ts and the tests share it).
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppLogger, createGatewayApp } from '@gateway/platform';
import { addGatewaySecuritySchemes, documentBearerOperations } from '@gateway/domain';
import { InternalGatewayConfig } from './internal-gateway.config';
import { InternalGatewayModule } from './internal-gateway.module';
import { redactUrlQuery } from '@gateway/tracing';

export const INTERNAL_API_VERSION = '2026-11-28';

export async function createInternalGateway(config: InternalGatewayConfig, logger: AppLogger): Promise<NestExpressApplication> {
  return createGatewayApp(InternalGatewayModule.forRoot(config), config, logger, {
    logUrl: redactUrlQuery,
    openApi: {
      title: 'Internal gateway',
      description:
        'Operational operations of the platform staff tools: inventory, retail units, release channels, inventory sync, fulfilment orders and diagnostic tools. Internal-audience bearer tokens only.',
      version: INTERNAL_API_VERSION,
      customize: (builder) => addGatewaySecuritySchemes(builder.addServer('/', 'this internal gateway'), config.PUBLIC_BASE_URL, 'internal'),
      postProcess: (document) => documentBearerOperations(document),
    },
  });
}
