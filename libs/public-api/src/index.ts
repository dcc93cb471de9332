// The operations only the public gateway serves (/v0), by bounded context (one index.ts per context, its public
// face: another context imports only through it). What both gateways use is in @gateway/domain.

export * from './billing'; // Billing: invoices of an organization
export * from './inventory'; // Inventory: the catalogue and the public read of levels
export * from './orders'; // Orders: sales orders, their reads and idempotency
export * from './inbound'; // Inbound stock: announcing, reading, changing and cancelling inbound shipments
export * from './webhooks'; // Webhooks: endpoints, the events feed, dispatch and delivery
export * from './returns'; // Returns: a shop's side of returns
export * from './sandbox'; // Sandbox: simulations of the warehouse's steps, auto-advance
