// Structured logs (pino); every line written while serving a request carries its request id. JSON lines,
// as a log collector reads them, unless stdout is a terminal: then human-readable lines (pino-pretty).
import { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger, LevelWithSilent } from 'pino';
import pretty from 'pino-pretty';
import { currentRequestId } from './request-context';

export type AppLogger = Logger;

/** Headers and fields that may hold credentials: never written to a log. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'client_secret',
  '*.client_secret',
  'password',
  '*.password',
];

type Output = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * Where the lines go (`output`, process.stdout when not given): through pino-pretty when it is a terminal
 * (in this thread, synchronously), else as JSON lines (on process.stdout, pino's own fast writer).
 */
function destinationFor(output: Output | undefined): DestinationStream | undefined {
  const terminal = output ? output.isTTY === true : process.stdout.isTTY;
  if (!terminal) return output;
  return pretty({ destination: output ?? process.stdout, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' });
}

export function createLogger(options: { name: string; level?: string; output?: Output }): AppLogger {
  const destination = destinationFor(options.output);
  const settings: pino.LoggerOptions = {
    name: options.name,
    level: (options.level ?? 'info') as LevelWithSilent,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { service: options.name },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  return pino(settings, destination);
}

/**
 * Nest's contexts whose info lines only describe the application's shape at boot (one line per route and
 * controller): logged at debug level, so that an info log shows what happens, not the route table.
 */
const BOOT_DETAIL_CONTEXTS = new Set(['RouterExplorer', 'RoutesResolver']);

/** Nest's own messages (bootstrap, route mapping, errors) through the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: AppLogger) {}

  log(message: unknown, context?: string): void {
    if (context !== undefined && BOOT_DETAIL_CONTEXTS.has(context)) this.logger.debug({ context }, String(message));
    else this.logger.info({ context }, String(message));
  }
  error(message: unknown, stackOrContext?: string, context?: string): void {
    this.logger.error({ context: context ?? stackOrContext, stack: context ? stackOrContext : undefined }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
  fatal(message: unknown, context?: string): void {
    this.logger.fatal({ context }, String(message));
  }
}
