// Configuration is environment variables, validated at boot against one class per process.
import { plainToInstance } from 'class-transformer';
import { ValidationError, validateSync } from 'class-validator';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

type Constructor<T> = new () => T;

/** Reads and validates the environment into an instance of `schema`; throws ConfigError naming the first bad variable. */
export function loadConfig<T extends object>(schema: Constructor<T>, env: NodeJS.ProcessEnv = process.env): T {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const config = plainToInstance(schema, present, { exposeDefaultValues: true, excludeExtraneousValues: false });
  const errors: ValidationError[] = validateSync(config, { whitelist: false, skipMissingProperties: false });
  if (errors.length > 0) {
    const first = errors[0];
    const reason = Object.values(first.constraints ?? {})[0] ?? 'is invalid';
    throw new ConfigError(first.property, reason.replace(new RegExp(`^${first.property}\\s*`), ''));
  }
  // Only the declared variables are kept: nothing else from the environment rides along.
  const declared = Object.keys(new schema());
  return Object.fromEntries(declared.map((key) => [key, (config as Record<string, unknown>)[key]])) as T;
}

/** Loads the configuration or stops the process with one line naming the variable. */
export function loadConfigOrExit<T extends object>(schema: Constructor<T>, env: NodeJS.ProcessEnv = process.env): T {
  try {
    return loadConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
