// Builds the public gateway application, configured but not yet listening (main.ts and the tests share it).
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppLogger, GatewayMetrics, PinoNestLogger, configureGateway, gatewayHttpAdapter, httpServerLimits } from '@gateway/platform';
import { BEARER_SCHEME, addClientCredentialsScheme, documentRateLimitFields, offerClientCredentials } from '@gateway/domain';
import { InternalGatewayConfig } from './internal-gateway.config';
import { InternalGatewayModule } from './internal-gateway.module';
import { redactUrlQuery } from '@gateway/tracing';

export const INTERNAL_API_VERSION = '2026-09-18';

export async function createInternalGateway(config: InternalGatewayConfig, logger: AppLogger): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(InternalGatewayModule.forRoot(config), gatewayHttpAdapter(httpServerLimits(config)), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  configureGateway(app, {
    logger,
    trustProxy: config.TRUST_PROXY,
    logUrl: redactUrlQuery,
    metrics: app.get(GatewayMetrics),
    openApi: {
      title: 'Internal gateway',
      description:
        'Operational operations of the platform staff tools: inventory, retail units, release channels, inventory sync, fulfilment orders and diagnostic tools. Internal-audience bearer tokens only.',
      version: INTERNAL_API_VERSION,
      customize: (builder) =>
        addClientCredentialsScheme(builder.addServer('/', 'this internal gateway'), config.PUBLIC_BASE_URL, 'internal').addBearerAuth(
          { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          BEARER_SCHEME,
        ),
      postProcess: (document) => offerClientCredentials(documentRateLimitFields(document, BEARER_SCHEME)),
    },
  });
  return app;
}
