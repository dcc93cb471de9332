// The start-up both gateways share. createGatewayApp builds a gateway's application, configured but not yet
// listening (main.ts and the tests share it); bootGateway is a gateway process's main: configuration read (a bad
// variable stops the process with one line), `--check-config`, `--openapi`, then listening and draining.
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { GatewayConfig } from '../config/gateway.config';
import { loadConfigOrExit } from '../config/load-config';
import { GatewayOptions, configureGateway } from '../http/configure-gateway';
import { gatewayHttpAdapter, httpServerLimits } from '../http/gateway-http-adapter';
import { runGateway } from '../http/run-gateway';
import { AppLogger, PinoNestLogger, createLogger } from '../logging/logger';
import { GatewayMetrics } from '../metrics/gateway-metrics';
import { printOpenApiDocumentAndExit } from '../openapi/setup-openapi';
import { releaseStartupHeap } from './release-startup-heap';

/** The gateway's root module built, its HTTP server limited and everything both gateways boot with applied. */
export async function createGatewayApp(
  module: DynamicModule,
  config: GatewayConfig,
  logger: AppLogger,
  options: Omit<GatewayOptions, 'logger' | 'trustProxy' | 'metrics'>,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module, gatewayHttpAdapter(httpServerLimits(config)), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  configureGateway(app, { ...options, logger, trustProxy: config.TRUST_PROXY, metrics: app.get(GatewayMetrics) });
  return app;
}

export interface GatewayBoot<C extends GatewayConfig> {
  name: string;
  config: new () => C;
  /** The port this gateway listens on (PUBLIC_GATEWAY_PORT, INTERNAL_GATEWAY_PORT). */
  port: (config: C) => number;
  create: (config: C, logger: AppLogger) => Promise<NestExpressApplication>;
  /** Once the configuration is read, before the app is built: warnings about it. */
  configured?: (config: C, logger: AppLogger) => void;
  /** Once the app is built, before it listens: a configuration problem only the app can see (it stops the process). */
  configurationProblem?: (app: NestExpressApplication, config: C) => Promise<string | undefined>;
  /** Runs once the gateway has drained, before the process exits (flushing traces). */
  beforeExit?: () => Promise<void>;
}

export async function bootGateway<C extends GatewayConfig>(boot: GatewayBoot<C>): Promise<void> {
  try {
    const config = loadConfigOrExit(boot.config);
    // `--check-config`: validate the environment only (npm start does so before starting anything).
    if (process.argv.includes('--check-config')) process.exit(0);
    const logger = createLogger({ name: boot.name, level: config.LOG_LEVEL });
    boot.configured?.(config, logger);
    const app = await boot.create(config, logger);
    if (process.argv.includes('--openapi')) return printOpenApiDocumentAndExit(app);
    const problem = await boot.configurationProblem?.(app, config);
    if (problem) {
      process.stderr.write(`Invalid configuration: ${problem}\n`);
      await app.close().catch(() => undefined);
      process.exit(1);
    }
    releaseStartupHeap();
    await runGateway(app, {
      name: boot.name,
      port: boot.port(config),
      host: config.HOST,
      delayMs: config.SHUTDOWN_DELAY_MS,
      graceMs: config.SHUTDOWN_GRACE_MS,
      logger,
      beforeExit: boot.beforeExit,
    });
  } catch (error) {
    process.stderr.write(`${boot.name} failed to start: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
