// SQL behind the access policy: memberships, connections, stores.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';
import { Environment } from './organization.repository';

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

  /** Whether the organization exists, and its store's warehouse and environment (contract 6.10): one round trip. */
  async storeAccess(q: Queryable, organizationId: string, storeId: string): Promise<StoreAccess> {
    const { rows } = await q.query<{ access: StoreAccessJson | null }>(`SELECT ${storeAccessSql('$1', '$2')} AS access`, [organizationId, storeId]);
    return toStoreAccess(rows[0].access);
  }
}

/** What the access policy needs to decide on a store's orders, read in the same round trip as what the request reads next. */
export interface StoreAccess {
  organizationExists: boolean;
  /** Absent: no such store in the organization. */
  store?: { warehouseId: string; environment: Environment };
}

export type StoreAccessJson = { warehouseId: string | null; environment: Environment };

/**
 * A scalar subquery for StoreAccess, given the SQL of its organization and store parameters: null when the
 * organization does not exist; its environment, and the store's warehouse (null when the store is not its).
 */
export const storeAccessSql = (organization: string, store: string) =>
  `(SELECT json_build_object('warehouseId', s.warehouse_id, 'environment', lower(o.environment))
      FROM organizations o LEFT JOIN stores s ON s.organization_id = o.id AND s.id = ${store} WHERE o.id = ${organization})`;

export function toStoreAccess(json: StoreAccessJson | null): StoreAccess {
  if (json === null) return { organizationExists: false };
  return json.warehouseId === null
    ? { organizationExists: true }
    : { organizationExists: true, store: { warehouseId: json.warehouseId, environment: json.environment } };
}
