import { tracing } from './tracing';
import 'reflect-metadata';
import { bootGateway } from '@gateway/platform';
import { KeyReencryptionService, SigningKeysService } from '@gateway/domain';
import { createPublicGateway } from './app/create-public-gateway';
import { PublicGatewayConfig } from './app/public-gateway.config';

void bootGateway({
  name: 'public-gateway',
  config: PublicGatewayConfig,
  port: (config) => config.PUBLIC_GATEWAY_PORT,
  create: createPublicGateway,
  // A KEY_ENCRYPTION_KEY that cannot decrypt the stored signing keys would make every token request
  // fail: refuse to start, as for any other configuration error (one line, exit 1).
  // KEY_ENCRYPTION_READ_V1=false while rows remain in the first format would fail their tokens or deliveries.
  configurationProblem: async (app, config) => {
    const keyProblem = await app.get(SigningKeysService).keyEncryptionKeyProblem();
    if (keyProblem) return `KEY_ENCRYPTION_KEY ${keyProblem}`;
    const formatProblem = await app.get(KeyReencryptionService).firstFormatProblem(config.KEY_ENCRYPTION_READ_V1);
    return formatProblem && `KEY_ENCRYPTION_READ_V1 ${formatProblem}`;
  },
  beforeExit: () => tracing.stop(),
});
