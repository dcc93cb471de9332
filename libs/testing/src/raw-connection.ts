// Raw TCP connections to a gateway, for clients HTTP libraries cannot imitate: one that sends part of a
// request and then stalls, or many that hold connections open. Loopback only.
import { Socket, connect } from 'node:net';

export interface HeldConnection {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves when the server has closed the connection (or `giveUpMs` passed): what it sent, and when. */
  closed(giveUpMs: number): Promise<{ text: string; closedAfterMs: number | undefined }>;
  /** Resolves once the server has sent something that matches `pattern` (or after `giveUpMs`): ms since opening, or undefined. */
  answered(pattern: RegExp, giveUpMs: number): Promise<number | undefined>;
}

/** Opens a connection to a gateway's URL (http://127.0.0.1:port) and writes `written`, which need not be a whole request. */
export async function holdConnection(url: string, written = ''): Promise<HeldConnection> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const opened = Date.now();
  const chunks: Buffer[] = [];
  let closedAt: number | undefined;
  const waiters: (() => void)[] = [];
  const notify = () => waiters.splice(0).forEach((w) => w());
  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    notify();
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closedAt = Date.now();
    notify();
  });
  if (written) socket.write(written);
  const received = () => Buffer.concat(chunks).toString('latin1');
  const until = (done: () => boolean, giveUpMs: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, giveUpMs);
      const check = () => {
        if (done()) {
          clearTimeout(timer);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  return {
    socket,
    received,
    closed: async (giveUpMs) => {
      await until(() => closedAt !== undefined, giveUpMs);
      return { text: received(), closedAfterMs: closedAt === undefined ? undefined : closedAt - opened };
    },
    answered: async (pattern, giveUpMs) => {
      await until(() => pattern.test(received()) || closedAt !== undefined, giveUpMs);
      return pattern.test(received()) ? Date.now() - opened : undefined;
    },
  };
}

/** The status codes of the HTTP answers in a raw exchange, in order. */
export function statusLines(text: string): number[] {
  return [...text.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((m) => Number(m[1]));
}

/** The JSON body of the last answer in a raw exchange. */
export function lastBody(text: string): unknown {
  return JSON.parse(text.slice(text.lastIndexOf('\r\n\r\n') + 4));
}
