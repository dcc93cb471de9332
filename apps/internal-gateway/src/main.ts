import { tracing } from './tracing';
import 'reflect-metadata';
import { createLogger, loadConfigOrExit, printOpenApiDocumentAndExit, runGateway } from '@gateway/platform';
import { createInternalGateway } from './app/create-internal-gateway';
import { InternalGatewayConfig } from './app/internal-gateway.config';

async function main(): Promise<void> {
  const config = loadConfigOrExit(InternalGatewayConfig);
  // `--check-config`: validate the environment only (npm start does so before starting anything).
  if (process.argv.includes('--check-config')) process.exit(0);
  const logger = createLogger({ name: 'internal-gateway', level: config.LOG_LEVEL });
  if (config.ISSUER_DISCOVERY_URL)
    logger.warn('ISSUER_DISCOVERY_URL is set and ignored: the internal gateway reads the signing keys from its database; remove the variable');
  const app = await createInternalGateway(config, logger);
  if (process.argv.includes('--openapi')) return printOpenApiDocumentAndExit(app);
  await runGateway(app, {
    name: 'internal-gateway',
    port: config.INTERNAL_GATEWAY_PORT,
    host: config.HOST,
    delayMs: config.SHUTDOWN_DELAY_MS,
    graceMs: config.SHUTDOWN_GRACE_MS,
    logger,
    beforeExit: () => tracing.stop(),
  });
}

main().catch((error) => {
  process.stderr.write(`internal-gateway failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
