import { IsIn, IsOptional, IsString, Matches } from 'class-validator';

export class AdminConfig {
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// connection URL' })
  DATABASE_URL?: string = undefined;

  @IsString()
  DATA_DIR = './.data';

  /** Encrypts token signing keys; defaults to the one `npm start` keeps in DATA_DIR. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'must be 32 bytes, base64-encoded (e.g. `openssl rand -base64 32`)' })
  KEY_ENCRYPTION_KEY?: string = undefined;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be one of fatal, error, warn, info, debug, trace, silent' })
  LOG_LEVEL = 'warn';
}
