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

/** Lines are written in batches of about this many bytes (about 15 request lines)... */
const LOG_BATCH_BYTES = 4096;
/** ...or after at most this long, so an idle gateway's last lines do not wait. */
const LOG_FLUSH_INTERVAL_MS = 250;

/**
 * Where the lines go (`output`, process.stdout when not given): through pino-pretty when it is a terminal
 * (in this thread, synchronously). Else JSON lines; on process.stdout they are written in batches rather
 * than one write(2) per line (docs/decisions/benchmarks.md#what-the-figures-changed-in-the-gateway): pino flushes the batch when the
 * process exits, and createLogger writes it every LOG_FLUSH_INTERVAL_MS.
 */
function destinationFor(output: Output | undefined): DestinationStream | undefined {
  const terminal = output ? output.isTTY === true : process.stdout.isTTY;
  if (terminal) return pretty({ destination: output ?? process.stdout, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' });
  return output ?? pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES });
}

/**
 * pino's isoTime, with the text kept for the millisecond it names: several lines are written in the same
 * millisecond under load, and formatting the date is a visible part of a request's time
 * (docs/decisions/benchmarks.md#what-the-figures-changed-in-the-gateway).
 */
export function isoTimeOncePerMillisecond(): () => string {
  let at = Number.NaN;
  let text = '';
  return () => {
    const now = Date.now();
    if (now !== at) {
      at = now;
      text = `,"time":"${new Date(now).toISOString()}"`;
    }
    return text;
  };
}

export function createLogger(options: { name: string; level?: string; output?: Output }): AppLogger {
  const silent = options.level === 'silent';
  const destination = silent ? options.output : destinationFor(options.output);
  const settings: pino.LoggerOptions = {
    name: options.name,
    level: (options.level ?? 'info') as LevelWithSilent,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { service: options.name },
    timestamp: isoTimeOncePerMillisecond(),
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  const logger = pino(settings, destination);
  if (!silent && !options.output && !process.stdout.isTTY) {
    // The batch's own flush, without a callback: pino's logger.flush() passes one, on which sonic-boom also
    // fsyncs stdout, a disk flush every 250 ms when stdout is a file, holding a thread of libuv's pool.
    const batch = destination as unknown as { flush(): void };
    setInterval(() => batch.flush(), LOG_FLUSH_INTERVAL_MS).unref();
  }
  return logger;
}

/**
 * Nest's contexts whose info lines only describe the application's shape at boot (one line per module, route and
 * controller): logged at debug level, so that an info log shows what happens, not the module list and route table.
 */
const BOOT_DETAIL_CONTEXTS = new Set(['InstanceLoader', 'RouterExplorer', 'RoutesResolver']);

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
