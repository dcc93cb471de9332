// The database options of a gateway process, from its validated configuration.
import type { GatewayConfig } from '@gateway/platform';
import { DatabaseOptions } from './database';

type DatabaseConfig = Pick<GatewayConfig, 'DATABASE_URL' | 'DATABASE_POOL_MAX' | 'DATABASE_CONNECT_TIMEOUT_MS' | 'DATABASE_STATEMENT_TIMEOUT_MS'> &
  Partial<Pick<GatewayConfig, 'DATABASE_SESSION_URL' | 'DATABASE_READ_URL' | 'DATABASE_TRANSACTION_POOLING'>>;

/** `applicationName` names the process's connections in pg_stat_activity. */
export function databaseOptions(config: DatabaseConfig, applicationName: string): DatabaseOptions {
  return {
    url: config.DATABASE_URL,
    poolMax: config.DATABASE_POOL_MAX,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    applicationName,
    sessionUrl: config.DATABASE_SESSION_URL,
    readUrl: config.DATABASE_READ_URL,
    transactionPooling: config.DATABASE_TRANSACTION_POOLING,
  };
}
