export * from './client-credentials';
export * from './public-client';
export type { paths as PublicPaths, components as PublicComponents, operations as PublicOperations } from './generated/public-api';
export type { paths as InternalPaths, components as InternalComponents, operations as InternalOperations } from './generated/internal-api';
