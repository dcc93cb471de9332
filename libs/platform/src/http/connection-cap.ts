// A cap on the connections one gateway process serves at once. One more is told so, as an HTTP answer
// (503 problem with Retry-After) written on the raw socket, and closed: it never reaches the HTTP parser,
// so it costs no request state and cannot be held open by sending slowly.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { answerOnSocket } from './client-errors';

/** A refused connection is read (and dropped) this long after its answer, then destroyed. */
const REFUSED_DRAIN_MS = 1000;
export const CONNECTION_CAP_RETRY_AFTER_SECONDS = 1;

export function capConnections(server: Server, max: number): void {
  // The HTTP server's own listener (Node's connection handling) is called only for admitted sockets.
  const serve = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  let open = 0;
  server.on('connection', (socket: Socket) => {
    if (open >= max) {
      const requestId = randomUUID();
      answerOnSocket(
        socket,
        {
          status: 503,
          type: 'service-unavailable',
          detail: `This gateway process is serving as many connections as it accepts (${max}); try again shortly.`,
          requestId,
        },
        [`Retry-After: ${CONNECTION_CAP_RETRY_AFTER_SECONDS}`, `X-Request-Id: ${requestId}`],
        REFUSED_DRAIN_MS,
      );
      return;
    }
    open += 1;
    socket.once('close', () => {
      open -= 1;
    });
    for (const listener of serve) listener.call(server, socket);
  });
}
