// The express instance and the HTTP server both gateways run on: the settings express reads only when
// its router is first created (which Nest does before any of our configuration runs), and the limits
// that keep slow or numerous clients from holding the process (headers and whole-request time limits,
// a cap on connections), and how it drains when the application closes.
import { Server, createServer } from 'node:http';
import { Server as NetServer } from 'node:net';
import express from 'express';
import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import { writeJsonAnswer } from './json-answer';
import { capConnections } from './connection-cap';

export interface HttpServerLimits {
  /** The request line and headers must arrive within this time (ms), else 408 and the connection closes. */
  headersTimeoutMs: number;
  /** The whole request, body included (ms); at least headersTimeoutMs. */
  requestTimeoutMs: number;
  /** Connections served at once; one more is answered 503 and closed. */
  maxConnections: number;
}

/** The limits of a gateway's configuration (GatewayConfig). */
export function httpServerLimits(config: { HTTP_HEADERS_TIMEOUT_MS: number; HTTP_REQUEST_TIMEOUT_MS: number; HTTP_MAX_CONNECTIONS: number }): HttpServerLimits {
  return { headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS, maxConnections: config.HTTP_MAX_CONNECTIONS };
}

export class GatewayExpressAdapter extends ExpressAdapter {
  private draining = false;
  private listenerClosed?: Promise<void>;

  constructor(
    instance: express.Express,
    private readonly limits: HttpServerLimits,
  ) {
    super(instance);
  }

  /** A handler's answer: a plain object or array is written by writeJsonAnswer, anything else by Nest's own reply. */
  override reply(response: express.Response, body: unknown, statusCode?: number): unknown {
    if (typeof body === 'object' && body !== null && !(body instanceof Error) && !(body instanceof StreamableFile) && !ArrayBuffer.isView(body)) {
      if (statusCode !== undefined && statusCode !== null) response.status(statusCode);
      if (writeJsonAnswer(response.req, response, body, response.app.settings)) return response;
    }
    return super.reply(response, body, statusCode);
  }

  /** Nest's own server, created with our limits (no https: TLS ends before the gateways). */
  override initHttpServer(): void {
    const { headersTimeoutMs, requestTimeoutMs, maxConnections } = this.limits;
    const server = createServer(
      {
        headersTimeout: headersTimeoutMs,
        requestTimeout: requestTimeoutMs,
        // Node checks the two limits on this interval (30 s by default, which let a slow request live
        // 30 s past its limit): at most a second late, sooner for short limits.
        connectionsCheckingInterval: Math.min(1000, Math.ceil(headersTimeoutMs / 4)),
        // Idle keep-alive connections outlive a load balancer's idle timeout (60 s on the common ones).
        keepAliveTimeout: 65_000,
      },
      this.getInstance(),
    );
    capConnections(server, maxConnections);
    this.setHttpServer(server);
  }

  /** True once the drain has begun: readiness answers 503 (HealthController). */
  get isDraining(): boolean {
    return this.draining;
  }

  /**
   * From now on every answer closes its connection, so keep-alive clients move to another replica, and
   * readiness answers 503, while the gateway still accepts and reads: a request a client has already sent
   * may sit in the listen backlog or unread in its socket while the process is busy. Entered by a SIGTERM
   * for the shutdown delay before app.close(), and by app.close() itself.
   */
  beginDrain(): void {
    if (this.draining) return;
    this.draining = true;
    (this.getHttpServer() as Server).prependListener('request', (_request, response) => {
      response.shouldKeepAlive = false;
    });
  }

  /**
   * The first step of app.close(), before Nest's shutdown hooks: stop accepting (the listening socket
   * only; http.Server.close would also close the idle connections, and the hooks still let the requests
   * in flight finish).
   */
  override beforeClose(): void {
    super.beforeClose();
    this.beginDrain();
    const server = this.getHttpServer() as Server;
    // Resolved once the last connection has ended (or at once, with an error, if it never listened).
    this.listenerClosed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  }

  /** After the hooks: close the idle connections and wait for the others' answers (a grace timer may close them). */
  override async close(): Promise<void> {
    const server = this.getHttpServer() as Server | undefined;
    if (!server) return;
    if (!this.listenerClosed) this.beforeClose();
    server.closeIdleConnections();
    await this.listenerClosed;
  }
}

export function gatewayHttpAdapter(limits: HttpServerLimits): ExpressAdapter {
  const instance = express();
  // Paths are matched as the spec writes them: /V0/whoami is not /v0/whoami.
  instance.set('case sensitive routing', true);
  return new GatewayExpressAdapter(instance, limits);
}
