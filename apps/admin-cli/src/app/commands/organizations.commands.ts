// organizations:create --sandbox | organizations:update --auto-advance (contract 6.10).
import { INestApplicationContext } from '@nestjs/common';
import { ApiClientsService, SandboxOnlyError, SandboxOrganizationsService } from '@gateway/domain';
import { CliFailure, CliUsageError, Output } from '../output';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CreateOrganizationOptions {
  name: string;
  sandbox?: boolean;
}

export interface UpdateOrganizationOptions {
  /** true: --auto-advance; false: --no-auto-advance; undefined: neither. */
  autoAdvance?: boolean;
}

/** The usage errors of organizations:create (exit 2), checked before the database is opened. */
export function checkCreateOrganizationUsage(options: CreateOrganizationOptions): void {
  const length = [...options.name].length;
  if (length < 1 || length > 200 || options.name.trim() === '') throw new CliUsageError('--name must be 1 to 200 characters, not only spaces');
  if (options.name.includes('\u0000')) throw new CliUsageError('--name must not contain the NUL character');
  // Live organizations come with their stores, warehouses and invoices through `import`.
  if (!options.sandbox)
    throw new CliUsageError('organizations:create makes sandbox organizations only: add --sandbox (live organizations come through import)');
}

export function checkUpdateOrganizationUsage(id: string, options: UpdateOrganizationOptions): void {
  if (!UUID.test(id)) throw new CliUsageError('the organization id must be a UUID');
  if (options.autoAdvance === undefined) throw new CliUsageError('say what to change: --auto-advance or --no-auto-advance');
}

/**
 * A sandbox organization ready to order, with an ORGANIZATION client of its own. Prints
 * `{ organization, client, store, retailUnits }`; the client secret is shown this once.
 */
export async function createOrganizationCommand(app: INestApplicationContext, options: CreateOrganizationOptions, out: Output): Promise<void> {
  checkCreateOrganizationUsage(options);
  const created = await app.get(SandboxOrganizationsService).create(options.name);
  const client = await app.get(ApiClientsService).create({
    clientType: 'ORGANIZATION',
    organizationId: created.organization.id,
    authMethod: 'client_secret_post',
    audience: 'public',
    name: `sandbox: ${options.name}`.slice(0, 200),
  });
  const result = { organization: created.organization, client, store: created.store, retailUnits: created.retailUnits };
  out.result(result, JSON.stringify(result, null, 2));
  out.message('Keep the client_secret now: it is stored only as a hash and cannot be shown again.');
}

export async function updateOrganizationCommand(app: INestApplicationContext, id: string, options: UpdateOrganizationOptions, out: Output): Promise<void> {
  checkUpdateOrganizationUsage(id, options);
  try {
    const organization = await app.get(SandboxOrganizationsService).setAutoAdvance(id, options.autoAdvance as boolean);
    out.result({ organization }, `organization ${organization.id}: auto-advance ${organization.autoAdvance ? 'on' : 'off'}`);
  } catch (error) {
    if (error instanceof SandboxOnlyError) throw new CliFailure(error.message);
    throw error;
  }
}
