// @gateway/sdk/internal: the typed client of the internal gateway (staff tools), with what it shares with the public one.
export * from './client-credentials';
export * from './retrying-fetch';
export * from './problem-error';
export * from './paginate';
export * from './internal-client';
export type * from './internal-shipment-types';
export type { GatewayClient, GatewayClientOptions } from './gateway-client';
export type { paths as InternalPaths, components as InternalComponents, operations as InternalOperations } from './generated/internal-api';
