import { IsOptional, IsString } from 'class-validator';
import { Base64Key32, LogLevel, PostgresUrl } from '@gateway/platform';

export class AdminConfig {
  @IsOptional()
  @PostgresUrl()
  DATABASE_URL?: string = undefined;

  /**
   * `migrate` only: the URL the gateways connect with. Its role is created when missing, given its password
   * and granted the rows of every table (never the schema); DATABASE_URL's role, which migrates, owns the schema.
   */
  @IsOptional()
  @PostgresUrl()
  DATABASE_RUNTIME_URL?: string = undefined;

  @IsString()
  DATA_DIR = './.data';

  /** Encrypts token signing keys; defaults to the one `npm start` keeps in DATA_DIR. */
  @IsOptional()
  @Base64Key32()
  KEY_ENCRYPTION_KEY?: string = undefined;

  @LogLevel()
  LOG_LEVEL = 'warn';
}
