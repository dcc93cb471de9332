// The domain both gateways share, by bounded context. Each context folder holds use-cases/, policies/, dto/ and
// model/, its Nest module(s) at its root, and an index.ts listing what it offers. What one gateway alone serves is
// in that gateway's library: @gateway/public-api, @gateway/auth-server; @gateway/internal-api, @gateway/internal-tools.

export * from './auth'; // Auth: caller identity, bearer verification, API clients, signing keys, request quotas
export * from './organizations'; // Organizations and access
export * from './inventory'; // Inventory: the ledger, sync modes and barcodes, level pages
export * from './orders'; // Orders and fulfilment: the fulfilment order state machine, its transitions and cancellation, shipments
export * from './returns'; // Returns: the return state machine, what is returnable, the warehouse's steps
export * from './inbound'; // Inbound stock: the inbound shipment's state machine, its record, receipts and closing
export * from './release-channels'; // Release channels: channels and their features
export * from './shared'; // Shared: paging, cursor sealing

// OpenAPI documentation of the operations
export * from './auth/dto/auth.openapi';
export * from './organizations/dto/organizations.openapi';
