// A sandbox organization for tests (contract 6.10): seedOrganization's organization, imported as a sandbox
// (auto-advance when asked), so it ships from the warehouse of its own the import gives it.
import { Database } from '@gateway/persistence';
import { SeededOrganization, seedOrganization } from './seed';

export function seedSandboxOrganization(db: Database, options: { autoAdvance?: boolean } = {}): Promise<SeededOrganization> {
  return seedOrganization(db, { sandbox: { autoAdvance: options.autoAdvance ?? false } });
}

/** Turns auto-advance on or off for a sandbox organization. */
export async function setAutoAdvance(db: Database, organizationId: string, autoAdvance: boolean): Promise<void> {
  await db.query('UPDATE organizations SET auto_advance = $2 WHERE id = $1', [organizationId, autoAdvance]);
}
