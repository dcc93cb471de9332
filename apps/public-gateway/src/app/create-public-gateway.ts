// Builds the public gateway application, configured but not yet listening (main.ts and the tests share it).
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppLogger, GatewayMetrics, PinoNestLogger, configureGateway, gatewayHttpAdapter, httpServerLimits } from '@gateway/platform';
import { BEARER_SCHEME, addClientCredentialsScheme, documentRateLimitFields, offerClientCredentials } from '@gateway/domain';
import { TOKEN_ENDPOINT_HTTP, corsOrigins, tokenEndpointCors } from '@gateway/auth-server';
import { PublicGatewayConfig } from './public-gateway.config';
import { PublicGatewayModule } from './public-gateway.module';
import { WEBHOOK_PAYLOAD_MODELS, addWebhooks } from './webhooks/webhook-documentation';
import { redactUrlQuery } from '@gateway/tracing';

export const PUBLIC_API_VERSION = '2026-09-18';

export async function createPublicGateway(config: PublicGatewayConfig, logger: AppLogger): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(PublicGatewayModule.forRoot(config), gatewayHttpAdapter(httpServerLimits(config)), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  configureGateway(app, {
    logger,
    trustProxy: config.TRUST_PROXY,
    logUrl: redactUrlQuery,
    ...TOKEN_ENDPOINT_HTTP,
    metrics: app.get(GatewayMetrics),
    openApi: {
      title: 'Public gateway',
      description:
        'Billing, inventory, organizations, caller identity, sales orders and token exchange for integrators of the warehousing and shipping platform.',
      version: PUBLIC_API_VERSION,
      customize: (builder) =>
        addClientCredentialsScheme(builder.addServer(config.PUBLIC_BASE_URL), config.PUBLIC_BASE_URL, 'public').addBearerAuth(
          { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          BEARER_SCHEME,
        ),
      extraModels: WEBHOOK_PAYLOAD_MODELS,
      postProcess: (document) => addWebhooks(offerClientCredentials(documentRateLimitFields(document, BEARER_SCHEME))),
    },
  });
  app.use(tokenEndpointCors(corsOrigins(config.TOKEN_CORS_ORIGINS)));
  return app;
}
