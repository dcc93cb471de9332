// A sandbox organization for tests (contract 6.10), until the admin CLI and the import create them: the seeded
// organization of seedOrganization, marked SANDBOX (auto_advance when asked), on a warehouse of its own
// (`sandbox-` and its id) that names it. Everything a test needs of a sandbox is made here, in one place.
import { randomUUID } from 'node:crypto';
import { Database } from '@gateway/persistence';
import { SeededOrganization, seedOrganization } from './seed';

export async function seedSandboxOrganization(db: Database, options: { autoAdvance?: boolean } = {}): Promise<SeededOrganization> {
  const organizationId = randomUUID();
  const seeded = await seedOrganization(db, { organizationId, warehouseId: `sandbox-${organizationId}` });
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE organizations SET environment = 'SANDBOX', auto_advance = $2 WHERE id = $1`, [organizationId, options.autoAdvance ?? false]);
    await tx.query('UPDATE warehouses SET sandbox_organization_id = $1 WHERE id = $2', [organizationId, seeded.warehouseId]);
  });
  return seeded;
}

/** Turns auto-advance on or off for a sandbox organization. */
export async function setAutoAdvance(db: Database, organizationId: string, autoAdvance: boolean): Promise<void> {
  await db.query('UPDATE organizations SET auto_advance = $2 WHERE id = $1', [organizationId, autoAdvance]);
}
