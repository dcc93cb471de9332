// A TCP port free on 127.0.0.1 right now (the OS picks it), for a server a test or the launcher is about to start.
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}
