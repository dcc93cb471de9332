// A TCP proxy in front of a Postgres server that can be frozen: once frozen it passes nothing on, either
// way, and closes nothing, as a paused or blackholed server would look to a client.
import { Server, Socket, createServer } from 'node:net';

export interface FreezableProxy {
  /** The database URL with the proxy's port in place of the server's. */
  url: string;
  freeze(): void;
  /** Passes bytes on again; what was sent while frozen is lost, so a connection used meanwhile is broken. */
  thaw(): void;
  close(): Promise<void>;
}

export async function startFreezableProxy(databaseUrl: string): Promise<FreezableProxy> {
  let frozen = false;
  const sockets: Socket[] = [];
  const target = new URL(databaseUrl);
  const proxy: Server = createServer((client) => {
    const server = new Socket().connect(Number(target.port), target.hostname);
    sockets.push(client, server);
    client.on('data', (chunk) => !frozen && server.write(chunk));
    server.on('data', (chunk) => !frozen && client.write(chunk));
    client.on('error', () => undefined);
    server.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.port = String((proxy.address() as { port: number }).port);
  return {
    url: url.toString(),
    freeze: () => void (frozen = true),
    thaw: () => void (frozen = false),
    close: async () => {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
