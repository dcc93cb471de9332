// Shared: paging, cursor sealing
export * from './use-cases/cursor-sealer';
