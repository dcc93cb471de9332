// The fixture of the tests of reads on a replica through a gateway (contract section 8).
import { Database, migrate } from '@gateway/persistence';
import { Postgres15Pair, startPostgres15Pair } from './debian-database-tier';
import { SeededOrganization, seedOrganization } from './seed';
import { useFixture } from './use-fixture';

/**
 * For the tests of the enclosing describe block: a Postgres 15 primary and its streaming replica, the schema
 * migrated and an organization seeded on the primary (`primary`: a connection to it for the test's own writes),
 * and a gateway `start`ed with its DATABASE_URL on the primary and DATABASE_READ_URL on the replica; the replica
 * caught up before the tests. Afterwards the gateway is closed, then the connection, then both servers stopped.
 */
export function useReplicaGateway<G extends { close(): Promise<void> }>(
  start: (primaryUrl: string, replicaUrl: string) => Promise<G>,
): { pair: Postgres15Pair; primary: Database; organization: SeededOrganization; gateway: G } {
  return useFixture(
    async (defer) => {
      const pair = await startPostgres15Pair();
      defer(() => pair.stop());
      const primary = new Database({ url: pair.primaryUrl, poolMax: 3 });
      defer(() => primary.close());
      await migrate(primary);
      const organization = await seedOrganization(primary);
      const gateway = await start(pair.primaryUrl, pair.replicaUrl);
      defer(() => gateway.close());
      await pair.caughtUp();
      return { pair, primary, organization, gateway };
    },
    { timeoutMs: 120_000 },
  );
}
