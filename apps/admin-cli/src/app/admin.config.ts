import { IsIn, IsOptional, IsString, Matches } from 'class-validator';

export class AdminConfig {
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// connection URL' })
  DATABASE_URL?: string = undefined;

  @IsString()
  DATA_DIR = './.data';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be one of fatal, error, warn, info, debug, trace, silent' })
  LOG_LEVEL = 'warn';
}
