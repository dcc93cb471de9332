// Requests Node's HTTP parser refuses before Express sees them (a head over the size limit, broken
// framing, a request not received within the time limits) still get a problem body rather than a bare
// status line or a reset connection.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { PROBLEM_CONTENT_TYPE, problemType, statusTitle } from '../problem/problem-details';
import type { ProblemTypeSlug } from '../problem/problem-types';

const DETAILS: Record<number, string> = {
  400: 'The request is not valid HTTP.',
  408: 'The request was not received in time.',
  431: 'The request line and headers are larger than this service accepts (16 KB).',
};

/** How long a socket answered this way is still read (and what arrives dropped) before it is destroyed. */
const DRAIN_MS = 5000;

function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * Writes a problem answer on a socket no response object owns, and closes it: the socket is still read
 * (and what arrives dropped) for `drainMs`, because closing a socket with unread data resets the
 * connection and the client could lose the answer.
 */
export function answerOnSocket(
  socket: Duplex,
  problem: { status: number; detail: string; type?: ProblemTypeSlug; requestId?: string },
  headers: string[] = [],
  drainMs = DRAIN_MS,
): void {
  const { status, detail } = problem;
  const body = JSON.stringify({
    type: problemType(status, problem.type),
    title: statusTitle(status),
    status,
    detail,
    ...(problem.requestId ? { requestId: problem.requestId } : {}),
  });
  // A reset by the client while we answer is its business, not an uncaught error of ours.
  socket.on('error', () => socket.destroy());
  socket.end(
    [
      `HTTP/1.1 ${status} ${statusTitle(status)}`,
      `Content-Type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      ...headers,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
  socket.resume();
  setTimeout(() => socket.destroy(), drainMs).unref();
}

export function answerClientErrors(server: Server): void {
  // Sockets already answered: the parser reports its error again for every chunk the client still sends.
  const answered = new WeakSet<Duplex>();
  // The request each socket is receiving: one the gateway already answered (a 401 sent before its body
  // was read) must not get a second answer when the rest of its body fails to arrive in time.
  const receiving = new WeakMap<Duplex, IncomingMessage>();
  server.prependListener('request', (req: IncomingMessage) => receiving.set(req.socket, req));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) return;
    const request = receiving.get(socket);
    const alreadyAnswered =
      request !== undefined &&
      !request.complete &&
      request.socket === socket &&
      (request as IncomingMessage & { res?: { headersSent: boolean } }).res?.headersSent === true;
    if (error.code === 'ECONNRESET' || !socket.writable || alreadyAnswered) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    const status = statusOf(error.code);
    answerOnSocket(socket, { status, detail: DETAILS[status] });
  });
}
