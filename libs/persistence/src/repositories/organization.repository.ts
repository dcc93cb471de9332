// SQL of organizations: the record and the list (release channels and inventory sync have their own repositories),
// and sandbox organizations (contract 6.10): their environment, their own warehouse, auto-advance.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';
import { ReleaseChannel } from './release-channel.repository';

/** Where an organization's data belongs, as the API shows it: `sandbox` for a sandbox organization, `live` elsewhere. */
export type Environment = 'live' | 'sandbox';

/** The environment of the organization of the row aliased `alias` (which has organization_id), as an SQL expression. */
export const environmentOf = (alias: string) => `(SELECT lower(env.environment) FROM organizations env WHERE env.id = ${alias}.organization_id)`;

/** The warehouse of its own a sandbox organization ships from (the schema holds it to this id). */
export const sandboxWarehouseId = (organizationId: string) => `sandbox-${organizationId.toLowerCase()}`;

export interface OrganizationRow {
  id: string;
  name: string;
  releaseChannel: ReleaseChannel;
  environment: Environment;
  autoAdvance: boolean;
}

@Injectable()
export class OrganizationRepository {
  async find(q: Queryable, organizationId: string): Promise<OrganizationRow | undefined> {
    const { rows } = await q.query<{ id: string; name: string; release_channel: ReleaseChannel; environment: Environment; auto_advance: boolean }>(
      'SELECT id, name, release_channel, lower(environment) AS environment, auto_advance FROM organizations WHERE id = $1',
      [organizationId],
    );
    return (
      rows[0] && {
        id: rows[0].id,
        name: rows[0].name,
        releaseChannel: rows[0].release_channel,
        environment: rows[0].environment,
        autoAdvance: rows[0].auto_advance,
      }
    );
  }

  async list(q: Queryable, ids: string[] | 'ALL'): Promise<{ id: string; name: string }[]> {
    const { rows } =
      ids === 'ALL'
        ? await q.query<{ id: string; name: string }>('SELECT id, name FROM organizations ORDER BY name, id')
        : await q.query<{ id: string; name: string }>('SELECT id, name FROM organizations WHERE id = ANY($1::uuid[]) ORDER BY name, id', [ids]);
    return rows;
  }

  /** The organization's environment; undefined when there is no such organization. */
  async environment(q: Queryable, organizationId: string): Promise<Environment | undefined> {
    const { rows } = await q.query<{ environment: Environment }>('SELECT lower(environment) AS environment FROM organizations WHERE id = $1', [organizationId]);
    return rows[0]?.environment;
  }

  /**
   * A sandbox organization, its own warehouse and nothing else; answers the warehouse's id. The caller's
   * transaction adds the rest (stores, units, stock, clients).
   */
  async createSandbox(q: Queryable, organization: { id: string; name: string }): Promise<{ warehouseId: string }> {
    const warehouseId = sandboxWarehouseId(organization.id);
    await q.query(`INSERT INTO organizations (id, name, release_channel, environment) VALUES ($1, $2, 'STABLE', 'SANDBOX')`, [
      organization.id,
      organization.name,
    ]);
    await q.query('INSERT INTO warehouses (id, name, sandbox_organization_id) VALUES ($1, $2, $3)', [
      warehouseId,
      `Sandbox warehouse of ${organization.name}`.slice(0, 200),
      organization.id,
    ]);
    return { warehouseId };
  }

  /** A new sandbox's store on its warehouse and its first retail units (their stock goes through the ledger). */
  async addStarterCatalogue(
    q: Queryable,
    organizationId: string,
    store: { id: string; name: string; warehouseId: string },
    units: readonly { barcode: string; sku: string; name: string; weightGram: number }[],
  ): Promise<void> {
    await q.query('INSERT INTO stores (id, organization_id, name, warehouse_id) VALUES ($1, $2, $3, $4)', [
      store.id,
      organizationId,
      store.name,
      store.warehouseId,
    ]);
    await q.query(
      `INSERT INTO retail_units (organization_id, barcode, sku, name, weight_gram)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[])`,
      [organizationId, units.map((u) => u.barcode), units.map((u) => u.sku), units.map((u) => u.name), units.map((u) => u.weightGram)],
    );
  }

  /** Sets a sandbox organization's auto-advance; answers what the organization is, or undefined when there is none. */
  async setAutoAdvance(q: Queryable, organizationId: string, autoAdvance: boolean): Promise<OrganizationRow | undefined> {
    const found = await this.find(q, organizationId);
    if (!found || found.environment !== 'sandbox') return found;
    await q.query('UPDATE organizations SET auto_advance = $2, updated_at = now() WHERE id = $1', [organizationId, autoAdvance]);
    return { ...found, autoAdvance };
  }
}
