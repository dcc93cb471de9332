// Listens, and on SIGTERM/SIGINT drains: answers readiness 503 and goes on serving for the shutdown delay
// (a load balancer takes the replica out meanwhile), then stops accepting, lets in-flight requests finish
// (up to the grace period), closes the database pool, exits.
import type { Server } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppLogger } from '../logging/logger';
import { GatewayExpressAdapter } from './gateway-http-adapter';

export interface RunOptions {
  name: string;
  port: number;
  host: string;
  /** SHUTDOWN_DELAY_MS: serving on, readiness 503, before the listener closes. */
  delayMs: number;
  /** SHUTDOWN_GRACE_MS: after the delay, the time requests in flight have to finish. */
  graceMs: number;
  logger: AppLogger;
  /** Runs once the gateway has drained, before the process exits (flushing traces). */
  beforeExit?: () => Promise<void>;
}

export async function runGateway(app: NestExpressApplication, options: RunOptions): Promise<void> {
  await app.listen(options.port, options.host);
  const server = app.getHttpServer() as Server;
  options.logger.info({ port: options.port, host: options.host }, `${options.name} listening`);
  // Run by `npm start`: the launcher prints its banner once every gateway says it listens.
  process.send?.({ listening: options.port });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    options.logger.info({ signal, delayMs: options.delayMs }, `${options.name} draining`);
    try {
      // For the delay the gateway still accepts and serves, answering with Connection: close, while readiness
      // answers 503: a load balancer checking it takes it out, keep-alive clients move to other replicas,
      // and requests already sent (in the listen backlog, or unread in their socket while the process was
      // busy) are read and served rather than reset. Then app.close() drains through the adapter
      // (GatewayExpressAdapter: stop accepting, close idle connections, wait for the rest).
      const adapter = app.getHttpAdapter();
      if (adapter instanceof GatewayExpressAdapter) adapter.beginDrain();
      await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const force = setTimeout(() => {
        options.logger.warn(`${options.name} grace period over: closing remaining connections`);
        server.closeAllConnections();
      }, options.graceMs);
      force.unref();
      await app.close();
      await options.beforeExit?.().catch((error) => options.logger.warn({ err: error }, `${options.name}: ${(error as Error).message}`));
      options.logger.info(`${options.name} stopped`);
      process.exit(0);
    } catch (error) {
      options.logger.error({ err: error }, `${options.name} failed to stop cleanly`);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  // Run by `npm start`, the gateway has an IPC channel to the launcher: it closes when the launcher
  // dies, however (even SIGKILL), and the gateway then drains and stops instead of living on alone.
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', () => void stop('launcher gone'));
  }
}
