// Where the database is: DATABASE_URL when set; otherwise the embedded server on DATA_DIR,
// joined when `npm start` already runs it, started here when it does not.
import { EmbeddedServer, embeddedUrl, ensureDatabase, runningEmbeddedServer, startEmbeddedPostgres } from './embedded-postgres';

export const EMBEDDED_DATABASE_NAME = 'gateway';

export interface DatabaseLocation {
  url: string;
  /** Set when this process started the embedded server and must stop it. */
  embedded?: EmbeddedServer;
}

export async function locateDatabase(options: { databaseUrl?: string; dataDir: string; onLog?: (message: string) => void; ownProcessGroup?: boolean }): Promise<DatabaseLocation> {
  if (options.databaseUrl) return { url: options.databaseUrl };
  const running = await runningEmbeddedServer(options.dataDir);
  if (running) {
    const url = embeddedUrl(running.credentials, running.port, EMBEDDED_DATABASE_NAME);
    await ensureDatabase(embeddedUrl(running.credentials, running.port, 'postgres'), EMBEDDED_DATABASE_NAME);
    return { url };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: options.dataDir, onLog: options.onLog, ownProcessGroup: options.ownProcessGroup });
  await ensureDatabase(embedded.url('postgres'), EMBEDDED_DATABASE_NAME);
  return { url: embedded.url(EMBEDDED_DATABASE_NAME), embedded };
}
