// Shared: paging, cursor sealing and the shape of a sealed cursor
export * from './use-cases/cursor-sealer';
export * from './policies/cursor-shape';
export * from './policies/page-query';
