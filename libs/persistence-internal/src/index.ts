// The internal gateway's data access: the repositories only it uses. The core (@gateway/persistence) holds the
// database, migrations, job queue and the repositories both gateways use.
export * from './repositories/inventory-clarification.repository';
