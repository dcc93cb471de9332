// Structured JSON logs (pino); every line written while serving a request carries its request id.
import { LoggerService } from '@nestjs/common';
import pino, { Logger, LevelWithSilent } from 'pino';
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

export function createLogger(options: { name: string; level?: string }): AppLogger {
  return pino({
    name: options.name,
    level: (options.level ?? 'info') as LevelWithSilent,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { service: options.name },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  });
}

/** Nest's own messages (bootstrap, route mapping, errors) through the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: AppLogger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
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
