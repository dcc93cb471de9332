// Listens, and on SIGTERM/SIGINT drains: stops accepting, lets in-flight requests finish
// (up to the grace period), closes the database pool, exits.
import type { Server } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppLogger } from '../logging/logger';
import { GatewayExpressAdapter } from './gateway-http-adapter';

export interface RunOptions {
  name: string;
  port: number;
  host: string;
  graceMs: number;
  logger: AppLogger;
  /** Runs once the gateway has drained, before the process exits (flushing traces). */
  beforeExit?: () => Promise<void>;
}

/**
 * How long a draining gateway goes on accepting and reading before it stops listening and closes its
 * idle connections. A request a client has already sent may still wait in the listen backlog or unread
 * in its socket while the process is busy serving others; closing the listener or the "idle" connection
 * at once resets a request the client believes sent. Meanwhile answers carry `Connection: close`.
 */
const READ_WINDOW_MS = 1000;

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
    options.logger.info({ signal }, `${options.name} draining`);
    const force = setTimeout(() => {
      options.logger.warn(`${options.name} grace period over: closing remaining connections`);
      server.closeAllConnections();
    }, options.graceMs);
    force.unref();
    try {
      // For a moment the gateway still accepts and reads, answering with Connection: close; then app.close()
      // drains through the adapter (GatewayExpressAdapter: stop accepting, close idle connections, wait).
      const adapter = app.getHttpAdapter();
      if (adapter instanceof GatewayExpressAdapter) adapter.beginDrain();
      await new Promise((resolve) => setTimeout(resolve, Math.min(READ_WINDOW_MS, options.graceMs)));
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
