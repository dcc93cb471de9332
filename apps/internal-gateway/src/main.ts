import { tracing } from './tracing';
import 'reflect-metadata';
import { bootGateway } from '@gateway/platform';
import { createInternalGateway } from './app/create-internal-gateway';
import { InternalGatewayConfig } from './app/internal-gateway.config';

void bootGateway({
  name: 'internal-gateway',
  config: InternalGatewayConfig,
  port: (config) => config.INTERNAL_GATEWAY_PORT,
  create: createInternalGateway,
  configured: (config, logger) => {
    if (config.ISSUER_DISCOVERY_URL)
      logger.warn('ISSUER_DISCOVERY_URL is set and ignored: the internal gateway reads the signing keys from its database; remove the variable');
  },
  beforeExit: () => tracing.stop(),
});
