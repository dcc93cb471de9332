import 'reflect-metadata';
import { createLogger, loadConfigOrExit, runGateway } from '@gateway/platform';
import { createPublicGateway } from './app/create-public-gateway';
import { PublicGatewayConfig } from './app/public-gateway.config';

async function main(): Promise<void> {
  const config = loadConfigOrExit(PublicGatewayConfig);
  const logger = createLogger({ name: 'public-gateway', level: config.LOG_LEVEL });
  const app = await createPublicGateway(config, logger);
  await runGateway(app, { name: 'public-gateway', port: config.PUBLIC_GATEWAY_PORT, host: config.HOST, graceMs: config.SHUTDOWN_GRACE_MS, logger });
}

main().catch((error) => {
  process.stderr.write(`public-gateway failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
