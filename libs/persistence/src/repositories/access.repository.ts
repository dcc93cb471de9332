// SQL behind the access policy: memberships, connections, stores.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';
import { Environment, environmentOf } from './organization.repository';

export type MembershipRole = 'OWNER' | 'MEMBER';

@Injectable()
export class AccessRepository {
  async membershipRole(q: Queryable, userId: string, organizationId: string): Promise<MembershipRole | undefined> {
    const { rows } = await q.query<{ role: MembershipRole }>('SELECT role FROM memberships WHERE user_id = $1 AND organization_id = $2', [
      userId,
      organizationId,
    ]);
    return rows[0]?.role;
  }

  async userOrganizationIds(q: Queryable, userId: string): Promise<string[]> {
    const { rows } = await q.query<{ organization_id: string }>('SELECT organization_id FROM memberships WHERE user_id = $1', [userId]);
    return rows.map((r) => r.organization_id);
  }

  /** The organization and store of each of the given connections that exists. */
  async connectionStores(q: Queryable, connectionIds: string[]): Promise<{ organizationId: string; storeId: string }[]> {
    const { rows } = await q.query<{ organization_id: string; store_id: string }>(
      'SELECT organization_id, store_id FROM connections WHERE id = ANY($1::text[])',
      [connectionIds],
    );
    return rows.map((r) => ({ organizationId: r.organization_id, storeId: r.store_id }));
  }

  async organizationExists(q: Queryable, organizationId: string): Promise<boolean> {
    const { rowCount } = await q.query('SELECT 1 FROM organizations WHERE id = $1', [organizationId]);
    return (rowCount ?? 0) > 0;
  }

  /** The store's warehouse, and its organization's environment (contract 6.10). */
  async store(q: Queryable, organizationId: string, storeId: string): Promise<{ warehouseId: string; environment: Environment } | undefined> {
    const { rows } = await q.query<{ warehouse_id: string; environment: Environment }>(
      `SELECT s.warehouse_id, ${environmentOf('s')} AS environment FROM stores s WHERE s.organization_id = $1 AND s.id = $2`,
      [organizationId, storeId],
    );
    return rows[0] && { warehouseId: rows[0].warehouse_id, environment: rows[0].environment };
  }
}
