import { tracing } from './tracing';
import 'reflect-metadata';
import { createLogger, loadConfigOrExit, printOpenApiDocumentAndExit, runGateway } from '@gateway/platform';
import { SigningKeysService } from '@gateway/domain';
import { createPublicGateway } from './app/create-public-gateway';
import { PublicGatewayConfig } from './app/public-gateway.config';

async function main(): Promise<void> {
  const config = loadConfigOrExit(PublicGatewayConfig);
  // `--check-config`: validate the environment only (npm start does so before starting anything).
  if (process.argv.includes('--check-config')) process.exit(0);
  const logger = createLogger({ name: 'public-gateway', level: config.LOG_LEVEL });
  const app = await createPublicGateway(config, logger);
  if (process.argv.includes('--openapi')) return printOpenApiDocumentAndExit(app);
  // A KEY_ENCRYPTION_KEY that cannot decrypt the stored signing keys would make every token request
  // fail: refuse to start, as for any other configuration error (one line, exit 1).
  const keyProblem = await app.get(SigningKeysService).keyEncryptionKeyProblem();
  if (keyProblem) {
    process.stderr.write(`Invalid configuration: KEY_ENCRYPTION_KEY ${keyProblem}\n`);
    await app.close().catch(() => undefined);
    process.exit(1);
  }
  await runGateway(app, {
    name: 'public-gateway',
    port: config.PUBLIC_GATEWAY_PORT,
    host: config.HOST,
    delayMs: config.SHUTDOWN_DELAY_MS,
    graceMs: config.SHUTDOWN_GRACE_MS,
    logger,
    beforeExit: () => tracing.stop(),
  });
}

main().catch((error) => {
  process.stderr.write(`public-gateway failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
