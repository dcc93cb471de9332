// SQL of API clients: credentials (hashes only), their identity and their revocation.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';

export interface ApiClientRow {
  clientId: string;
  secretHash: string;
  clientType: 'USER' | 'ORGANIZATION' | 'CONNECTOR' | 'SERVICE';
  authMethod: 'client_secret_post' | 'client_secret_basic';
  audience: 'public' | 'internal';
  name: string | null;
  userId: string | null;
  organizationId: string | null;
  connectionIds: string[];
  createdAt: Date;
  revokedAt: Date | null;
}

/** The columns of a client row, for a statement over `api_clients c` (also the token request's). */
export const CLIENT_COLUMNS = `c.client_id, c.secret_hash, c.client_type, c.auth_method, c.audience, c.name, c.user_id, c.organization_id,
    c.created_at, c.revoked_at,
    COALESCE((SELECT array_agg(cc.connection_id::text ORDER BY cc.connection_id) FROM api_client_connections cc WHERE cc.client_id = c.client_id), '{}') AS connection_ids`;

const SELECT = `SELECT ${CLIENT_COLUMNS} FROM api_clients c`;

export interface ClientColumns {
  client_id: string;
  secret_hash: string;
  client_type: ApiClientRow['clientType'];
  auth_method: ApiClientRow['authMethod'];
  audience: ApiClientRow['audience'];
  name: string | null;
  user_id: string | null;
  organization_id: string | null;
  connection_ids: string[];
  created_at: Date;
  revoked_at: Date | null;
}

export const toClient = (r: ClientColumns): ApiClientRow => ({
  clientId: r.client_id,
  secretHash: r.secret_hash,
  clientType: r.client_type,
  authMethod: r.auth_method,
  audience: r.audience,
  name: r.name,
  userId: r.user_id,
  organizationId: r.organization_id,
  connectionIds: r.connection_ids,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

@Injectable()
export class ApiClientRepository {
  async insert(tx: Queryable, client: Omit<ApiClientRow, 'createdAt' | 'revokedAt'>): Promise<void> {
    await tx.query(
      `INSERT INTO api_clients (client_id, secret_hash, client_type, auth_method, audience, name, user_id, organization_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [client.clientId, client.secretHash, client.clientType, client.authMethod, client.audience, client.name, client.userId, client.organizationId],
    );
    if (client.connectionIds.length > 0) {
      await tx.query('INSERT INTO api_client_connections (client_id, connection_id) SELECT $1, unnest($2::text[])', [client.clientId, client.connectionIds]);
    }
  }

  async find(q: Queryable, clientId: string): Promise<ApiClientRow | undefined> {
    const { rows } = await q.query<ClientColumns>(`${SELECT} WHERE c.client_id = $1`, [clientId]);
    return rows[0] && toClient(rows[0]);
  }

  async list(q: Queryable): Promise<ApiClientRow[]> {
    const { rows } = await q.query<ClientColumns>(`${SELECT} ORDER BY c.created_at, c.client_id`);
    return rows.map(toClient);
  }

  /** Marks the client revoked (once); false when there is no such client. */
  async revoke(q: Queryable, clientId: string): Promise<boolean> {
    const { rowCount } = await q.query('UPDATE api_clients SET revoked_at = COALESCE(revoked_at, now()) WHERE client_id = $1', [clientId]);
    return (rowCount ?? 0) > 0;
  }

  /**
   * Whether the client is not revoked, its row held (FOR SHARE) until the transaction ends: a revocation
   * (an UPDATE of the row) waits for that transaction, so whatever it wrote in the client's name is there
   * for the revocation to see.
   */
  async holdUnrevoked(tx: Queryable, clientId: string): Promise<boolean> {
    const { rows } = await tx.query<{ active: boolean }>('SELECT revoked_at IS NULL AS active FROM api_clients WHERE client_id = $1 FOR SHARE', [clientId]);
    return rows[0]?.active ?? false;
  }

  async isRevoked(q: Queryable, clientId: string): Promise<boolean> {
    const { rows } = await q.query<{ revoked: boolean }>('SELECT revoked_at IS NOT NULL AS revoked FROM api_clients WHERE client_id = $1', [clientId]);
    return rows[0]?.revoked ?? true;
  }

  /** Which of the given references exist: for checking a new client's identity. */
  async existing(
    q: Queryable,
    refs: { userId?: string; organizationId?: string; connectionIds?: string[] },
  ): Promise<{ user: boolean; organization: boolean; connectionIds: string[] }> {
    const { rows } = await q.query<{ user: boolean; organization: boolean; connection_ids: string[] }>(
      `SELECT EXISTS (SELECT 1 FROM users WHERE id = $1) AS user,
              EXISTS (SELECT 1 FROM organizations WHERE id::text = $2) AS organization,
              COALESCE((SELECT array_agg(id::text) FROM connections WHERE id = ANY($3::text[])), '{}') AS connection_ids`,
      [refs.userId ?? null, refs.organizationId ?? null, refs.connectionIds ?? []],
    );
    return { user: rows[0].user, organization: rows[0].organization, connectionIds: rows[0].connection_ids };
  }
}
