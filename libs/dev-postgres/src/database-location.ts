// Where the database is: DATABASE_URL when set; otherwise the embedded server on DATA_DIR, shared with
// every other process using it (joined when running, started when not; see shared-embedded-server.ts).
import { embeddedUrl } from './embedded-postgres';
import { ensureDatabase } from './ensure-database';
import { EmbeddedLease, leaseEmbeddedServer } from './shared-embedded-server';

export const EMBEDDED_DATABASE_NAME = 'gateway';

export interface DatabaseLocation {
  url: string;
  /** Set when this process uses the embedded server: `release()` it when done (the last one out stops the server). */
  embedded?: EmbeddedLease;
}

export async function locateDatabase(options: { databaseUrl?: string; dataDir: string; onLog?: (message: string) => void }): Promise<DatabaseLocation> {
  if (options.databaseUrl) return { url: options.databaseUrl };
  const embedded = await leaseEmbeddedServer({
    dataDir: options.dataDir,
    onLog: options.onLog,
    prepare: async ({ credentials, port }) => void (await ensureDatabase(embeddedUrl(credentials, port, 'postgres'), EMBEDDED_DATABASE_NAME)),
  });
  return { url: embeddedUrl(embedded.credentials, embedded.port, EMBEDDED_DATABASE_NAME), embedded };
}
