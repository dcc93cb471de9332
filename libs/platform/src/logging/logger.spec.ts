import fs from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createLogger, isoTimeOncePerMillisecond, PinoNestLogger } from './logger';
import { requestContext } from './request-context';

/** A stream that keeps what is written to it, a terminal or not. */
function output(isTTY: boolean): Writable & { isTTY: boolean; text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  return Object.assign(stream, { isTTY, text: () => chunks.join('') });
}

describe('createLogger', () => {
  it('writes JSON lines with the request id when the output is not a terminal', () => {
    const out = output(false);
    const logger = createLogger({ name: 'test', output: out });
    requestContext.run({ requestId: 'req-1' }, () => logger.info({ context: 'X' }, 'hello'));
    expect(JSON.parse(out.text())).toEqual(expect.objectContaining({ level: 30, service: 'test', requestId: 'req-1', context: 'X', msg: 'hello' }));
  });

  it('writes human-readable lines, request id included, when the output is a terminal', () => {
    const out = output(true);
    const logger = createLogger({ name: 'test', output: out });
    requestContext.run({ requestId: 'req-2' }, () => logger.info('hello'));
    // Colours depend on the terminal the tests run in: compared without them.
    // eslint-disable-next-line no-control-regex
    const text = out.text().replace(/\x1b\[[0-9;]*m/g, '');
    expect(() => JSON.parse(text)).toThrow();
    expect(text).toMatch(/INFO/);
    expect(text).toContain('hello');
    expect(text).toContain('requestId: "req-2"');
  });

  it('writes a batch smaller than its size on stdout 250 ms after it began, without asking the disk to sync it', async () => {
    const isTTY = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
    Object.defineProperty(process.stdout, 'isTTY', { value: false, configurable: true });
    // What reaches file descriptor 1 is kept here instead of being written; other descriptors are written as usual.
    const written: string[] = [];
    const realWrite = fs.write;
    const write = jest.spyOn(fs, 'write').mockImplementation(((fd: number, data: Buffer | string, ...rest: unknown[]) => {
      if (fd !== 1) return (realWrite as (...args: unknown[]) => void)(fd, data, ...rest);
      written.push(String(data));
      const release = rest[rest.length - 1] as (error: Error | null, bytes: number) => void;
      process.nextTick(() => release(null, Buffer.byteLength(data)));
    }) as typeof fs.write);
    const fsync = jest.spyOn(fs, 'fsync');
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    try {
      const logger = createLogger({ name: 'test' });
      logger.info('the first line of a batch');
      jest.advanceTimersByTime(249);
      expect(written.join('')).toBe('');
      jest.advanceTimersByTime(1);
      expect(written.join('')).toContain('"msg":"the first line of a batch"');
      // The write is released on the next tick and the stream drains after it: an fsync would be asked for then.
      await new Promise((resolve) => setImmediate(resolve));
      expect(fsync).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
      write.mockRestore();
      fsync.mockRestore();
      if (isTTY) Object.defineProperty(process.stdout, 'isTTY', isTTY);
      else delete (process.stdout as { isTTY?: boolean }).isTTY;
    }
  });

  it('never writes a bearer token or a client secret', () => {
    const out = output(false);
    createLogger({ name: 'test', output: out }).info({ req: { headers: { authorization: 'Bearer abc' } }, client_secret: 's3cret' }, 'x');
    expect(out.text()).not.toMatch(/abc|s3cret/);
  });
});

describe('PinoNestLogger', () => {
  it("logs Nest's module and route-mapping lines at debug level and its other lines at info", () => {
    const out = output(false);
    const nest = new PinoNestLogger(createLogger({ name: 'test', level: 'debug', output: out }));
    nest.log('Mapped {/v0/whoami, GET} route', 'RouterExplorer');
    nest.log('WhoamiController {/v0/whoami}:', 'RoutesResolver');
    nest.log('InventoryModule dependencies initialized', 'InstanceLoader');
    nest.log('Nest application successfully started', 'NestApplication');
    const lines = out
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; context: string });
    expect(lines.map((l) => [l.context, l.level])).toEqual([
      ['RouterExplorer', 20],
      ['RoutesResolver', 20],
      ['InstanceLoader', 20],
      ['NestApplication', 30],
    ]);
  });

  it('leaves the module and route-mapping lines out of an info log', () => {
    const out = output(false);
    const nest = new PinoNestLogger(createLogger({ name: 'test', level: 'info', output: out }));
    nest.log('Mapped {/v0/whoami, GET} route', 'RouterExplorer');
    nest.log('InventoryModule dependencies initialized', 'InstanceLoader');
    expect(out.text()).toBe('');
  });
});

describe('isoTimeOncePerMillisecond', () => {
  afterEach(() => jest.restoreAllMocks());

  it("writes pino's isoTime field, formatted again only when the millisecond changes", () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 10, 23, 18, 5, 7, 9));
    const time = isoTimeOncePerMillisecond();
    expect(time()).toBe(',"time":"2026-11-23T18:05:07.009Z"');
    expect(time()).toBe(pino.stdTimeFunctions.isoTime());
    now.mockReturnValue(Date.UTC(2026, 10, 23, 18, 5, 7, 10));
    expect(time()).toBe(',"time":"2026-11-23T18:05:07.010Z"');
  });
});
