// The operations only the internal gateway serves, by bounded context (one index.ts per context, its public face:
// another context imports only through it). What both gateways use is in @gateway/domain; the staff tools of
// /internal-tools are in @gateway/internal-tools.

export * from './inventory'; // Inventory: internal reads, sync, rebuild, stock receipt, retail units
export * from './orders'; // Orders: fulfilment orders (allocation, shipping and shipments, closure) and back orders
export * from './inbound'; // Inbound stock: a warehouse's inbound shipments
export * from './release-channels'; // Release channels: assigning an organization's channel
