// The admin CLI: `npm run -s admin -- VERB`. Exit 0 done, 1 failed, 2 usage error.
import 'reflect-metadata';
import { Command, CommanderError } from 'commander';
import { NestFactory } from '@nestjs/core';
import { INestApplicationContext } from '@nestjs/common';
import { ConfigError, loadConfig } from '@gateway/platform';
import { Database, DatabaseLocation, locateDatabase, migrate } from '@gateway/persistence';
import { AdminConfig } from './app/admin.config';
import { AdminModule } from './app/admin.module';
import { CliFailure, EXIT, Output, createOutput } from './app/output';
import { migrateCommand } from './app/commands/migrate.command';
import { importCommand } from './app/commands/import.command';

interface Session {
  location: DatabaseLocation;
  app?: INestApplicationContext;
}

async function open(config: AdminConfig): Promise<Session> {
  const location = await locateDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  return { location };
}

/** The schema every verb but `migrate` needs: applied first, so a fresh database just works. */
async function withApplication(session: Session, work: (app: INestApplicationContext) => Promise<void>): Promise<void> {
  const db = new Database({ url: session.location.url, poolMax: 1, applicationName: 'admin-cli' });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  session.app = await NestFactory.createApplicationContext(AdminModule.forDatabase(session.location.url), { logger: false });
  await work(session.app);
}

async function close(session: Session | undefined): Promise<void> {
  await session?.app?.close();
  await session?.location.embedded?.stop();
}

function buildProgram(run: (work: (session: Session, out: Output) => Promise<void>, json: boolean) => Promise<void>): Command {
  const program = new Command('admin')
    .description('Administration of the gateways: schema, data import, API clients and signing keys.')
    .option('--json', 'print one JSON document on stdout; messages go to stderr')
    .exitOverride()
    .configureOutput({ writeOut: (s) => process.stderr.write(s), writeErr: (s) => process.stderr.write(s) })
    .showHelpAfterError();
  const json = () => Boolean(program.opts().json);

  program
    .command('migrate')
    .description('apply pending database migrations')
    .option('--json', 'JSON output')
    .action((opts: { json?: boolean }) => run((session, out) => migrateCommand(session.location.url, out), json() || Boolean(opts.json)));

  program
    .command('import')
    .description('import a data file (fixture.schema.json): validated whole, upserted in one transaction')
    .argument('<file>', 'path of the JSON file')
    .option('--json', 'JSON output')
    .action((file: string, opts: { json?: boolean }) =>
      run((session, out) => withApplication(session, (app) => importCommand(app, file, out)), json() || Boolean(opts.json)),
    );
  return program;
}

async function main(argv: string[]): Promise<number> {
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
  const run = async (work: (session: Session, out: Output) => Promise<void>, json: boolean) => {
    const out = createOutput(json);
    let session: Session | undefined;
    try {
      session = await open(config);
      await work(session, out);
    } catch (error) {
      exitCode = EXIT.failed;
      if (error instanceof CliFailure) {
        out.message(`error: ${error.message}`);
        if (json) process.stdout.write(`${JSON.stringify({ error: error.message.split('\n')[0], ...(error.details as object) })}\n`);
      } else {
        out.message(`error: ${(error as Error).message}`);
        if (json) process.stdout.write(`${JSON.stringify({ error: (error as Error).message })}\n`);
      }
    } finally {
      await close(session).catch(() => undefined);
    }
  };
  const program = buildProgram(run);
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.done : EXIT.usage;
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
