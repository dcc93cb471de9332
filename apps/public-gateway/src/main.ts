import { tracing } from './tracing';
import 'reflect-metadata';
import { bootGateway } from '@gateway/platform';
import { SigningKeysService } from '@gateway/domain';
import { createPublicGateway } from './app/create-public-gateway';
import { PublicGatewayConfig } from './app/public-gateway.config';

void bootGateway({
  name: 'public-gateway',
  config: PublicGatewayConfig,
  port: (config) => config.PUBLIC_GATEWAY_PORT,
  create: createPublicGateway,
  // A KEY_ENCRYPTION_KEY that cannot decrypt the stored signing keys would make every token request
  // fail: refuse to start, as for any other configuration error (one line, exit 1).
  configurationProblem: async (app) => {
    const keyProblem = await app.get(SigningKeysService).keyEncryptionKeyProblem();
    return keyProblem && `KEY_ENCRYPTION_KEY ${keyProblem}`;
  },
  beforeExit: () => tracing.stop(),
});
