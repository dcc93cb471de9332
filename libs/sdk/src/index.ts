// @gateway/sdk: the typed client of the public gateway. The internal gateway's is `@gateway/sdk/internal`.
export * from './client-credentials';
export * from './retrying-fetch';
export * from './problem-error';
export * from './paginate';
export { bearerTokens, idempotencyKeys, TOKEN_PATH } from './gateway-client';
export type { GatewayClient, GatewayClientOptions } from './gateway-client';
export * from './public-client';
export type * from './shipment-types';
export * from './sales-orders';
export * from './returns';
export * from './inbound-shipments';
export * from './sandbox';
export type { paths as PublicPaths, components as PublicComponents, operations as PublicOperations } from './generated/public-api';
