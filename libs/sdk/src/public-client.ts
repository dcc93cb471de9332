// The typed client of the public gateway (types generated from openapi/public.json).
import { GatewayClient, GatewayClientOptions, TOKEN_PATH, createGatewayClient } from './gateway-client';
import { idempotentPostPaths, type paths } from './generated/public-api';

export type PublicClientOptions = GatewayClientOptions;
export type PublicClient = GatewayClient<paths>;

/** A client of the public gateway at `baseUrl`, which is also where tokens come from (`baseUrl/oauth2/token`). */
export function createPublicClient(options: PublicClientOptions): PublicClient {
  return createGatewayClient<paths>(options, `${options.baseUrl.replace(/\/+$/, '')}${TOKEN_PATH}`, idempotentPostPaths);
}
