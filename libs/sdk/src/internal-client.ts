// The typed client of the internal gateway (types generated from openapi/internal.json). Its tokens come
// from the public gateway's token endpoint, for a client registered for the internal audience.
import { GatewayClient, GatewayClientOptions, TOKEN_PATH, createGatewayClient } from './gateway-client';
import { idempotentPostPaths, type paths } from './generated/internal-api';

export interface InternalClientOptions extends GatewayClientOptions {
  /** The public gateway (the token issuer), e.g. `http://localhost:3000`. */
  publicBaseUrl: string;
}

export type InternalClient = GatewayClient<paths>;

export function createInternalClient(options: InternalClientOptions): InternalClient {
  return createGatewayClient<paths>(options, `${options.publicBaseUrl.replace(/\/+$/, '')}${TOKEN_PATH}`, idempotentPostPaths);
}
