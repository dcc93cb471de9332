// Development tooling, never bundled into a deployed gateway: embedded Postgres (a server of our own
// under DATA_DIR or a temp folder, and its sharing between processes) and what only tests, the launcher,
// the admin CLI and the bench need beside it.
export * from './embedded-postgres';
export * from './shared-embedded-server';
export * from './database-location';
export * from './ensure-database';
export * from './free-port';
