// Builds the public gateway application, configured but not yet listening (main.ts and the tests share it).
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppLogger, createGatewayApp } from '@gateway/platform';
import { addGatewaySecuritySchemes, documentBearerOperations } from '@gateway/domain';
import { TOKEN_ENDPOINT_HTTP, corsOrigins, tokenEndpointCors } from '@gateway/auth-server';
import { PublicGatewayConfig } from './public-gateway.config';
import { PublicGatewayModule } from './public-gateway.module';
import { WEBHOOK_PAYLOAD_MODELS, addWebhooks } from './webhooks/webhook-documentation';
import { redactUrlQuery } from '@gateway/tracing';

export const PUBLIC_API_VERSION = '2026-11-28';

export async function createPublicGateway(config: PublicGatewayConfig, logger: AppLogger): Promise<NestExpressApplication> {
  const app = await createGatewayApp(PublicGatewayModule.forRoot(config), config, logger, {
    logUrl: redactUrlQuery,
    ...TOKEN_ENDPOINT_HTTP,
    openApi: {
      title: 'Public gateway',
      description:
        'Billing, inventory, organizations, caller identity, sales orders and token exchange for integrators of the warehousing and shipping platform. ' +
        'Every operation works the same for a sandbox organization, whose credentials are its own and whose data never reaches a real warehouse: build and test a connector against one, moving its orders, returns, inbound shipments and stock with `POST /v0/organizations/{organizationId}/sandbox/simulations` (or letting auto-advance move them), before switching to live credentials.',
      version: PUBLIC_API_VERSION,
      customize: (builder) => addGatewaySecuritySchemes(builder.addServer(config.PUBLIC_BASE_URL), config.PUBLIC_BASE_URL, 'public'),
      extraModels: WEBHOOK_PAYLOAD_MODELS,
      postProcess: (document) => addWebhooks(documentBearerOperations(document)),
    },
  });
  app.use(tokenEndpointCors(corsOrigins(config.TOKEN_CORS_ORIGINS)));
  return app;
}
