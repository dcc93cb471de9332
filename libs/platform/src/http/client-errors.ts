// Requests Node's HTTP parser refuses before Express sees them (a head over the size limit, broken
// framing) still get a problem body rather than a bare status line or a reset connection.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { PROBLEM_CONTENT_TYPE, problemType, statusTitle } from '../problem/problem-details';

const DETAILS: Record<number, string> = {
  400: 'The request is not valid HTTP.',
  408: 'The request was not received in time.',
  431: 'The request line and headers are larger than this service accepts (16 KB).',
};

function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

export function answerClientErrors(server: Server): void {
  // Sockets already answered: the parser reports its error again for every chunk the client still sends.
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) return;
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    const status = statusOf(error.code);
    const body = JSON.stringify({ type: problemType(), title: statusTitle(status), status, detail: DETAILS[status] });
    socket.end(
      [
        `HTTP/1.1 ${status} ${statusTitle(status)}`,
        `Content-Type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8`,
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
    // Read and drop what the client is still sending: closing a socket with unread data resets the
    // connection, and the client could lose the answer.
    socket.resume();
    setTimeout(() => socket.destroy(), 5000).unref();
  });
}
