// The domain, by bounded context. Each context folder holds use-cases/, policies/, dto/ and model/, its Nest
// module(s) at its root, and an index.ts listing what it offers.

export * from './auth'; // Auth: caller identity, bearer verification, API clients, signing keys
export * from './quotas'; // Request quotas: every request with a bearer token counts against its client's quota
export * from './organizations'; // Organizations and access
export * from './inventory'; // Inventory: levels, ledger, public and internal reads, sync, rebuild, stock receipt, retail units
export * from './orders'; // Orders and fulfilment: sales orders, fulfilment orders, idempotency
export * from './billing'; // Billing
export * from './release-channels'; // Release channels
export * from './webhooks'; // Webhooks
export * from './fixture-import'; // Fixture import
export * from './shared'; // Shared: paging, cursor sealing
