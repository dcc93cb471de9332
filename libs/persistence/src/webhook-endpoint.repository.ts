// SQL of webhook endpoints.
import { Injectable } from '@nestjs/common';
import { Queryable } from './database';

export interface WebhookEndpointRow {
  id: string;
  organizationId: string;
  url: string;
  eventTypes: string[];
  description: string | null;
  secretCiphertext: string;
  createdByClientId: string;
  /** For an endpoint a connector created: its connections then; null for the organization's endpoints. */
  connectorConnectionIds: string[] | null;
  createdAt: Date;
}

export type NewWebhookEndpoint = Omit<WebhookEndpointRow, 'createdAt'>;

/** Why an endpoint is disabled (contract 6.5). */
export type WebhookEndpointDisabledReason = 'MANUAL' | 'FAILING' | 'CLIENT_REVOKED';

/** Which endpoints of the organization a caller manages: all, or those one client created. */
export type EndpointOwner = { kind: 'ORGANIZATION' } | { kind: 'CLIENT'; clientId: string };

const COLUMNS = `id, organization_id, url, event_types, description, secret_ciphertext, created_by_client_id, connector_connection_ids, created_at`;

interface DbRow {
  id: string;
  organization_id: string;
  url: string;
  event_types: string[];
  description: string | null;
  secret_ciphertext: string;
  created_by_client_id: string;
  connector_connection_ids: string[] | null;
  created_at: Date;
}

const toRow = (r: DbRow): WebhookEndpointRow => ({
  id: r.id,
  organizationId: r.organization_id,
  url: r.url,
  eventTypes: r.event_types,
  description: r.description,
  secretCiphertext: r.secret_ciphertext,
  createdByClientId: r.created_by_client_id,
  connectorConnectionIds: r.connector_connection_ids,
  createdAt: r.created_at,
});

function ownerFilter(owner: EndpointOwner, values: unknown[]): string {
  if (owner.kind === 'ORGANIZATION') return 'TRUE';
  values.push(owner.clientId);
  return `created_by_client_id = $${values.length}`;
}

@Injectable()
export class WebhookEndpointRepository {
  async insert(q: Queryable, endpoint: NewWebhookEndpoint): Promise<WebhookEndpointRow> {
    const { rows } = await q.query<DbRow>(
      `INSERT INTO webhook_endpoints (id, organization_id, url, event_types, description, secret_ciphertext, created_by_client_id, connector_connection_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [endpoint.id, endpoint.organizationId, endpoint.url, endpoint.eventTypes, endpoint.description, endpoint.secretCiphertext, endpoint.createdByClientId, endpoint.connectorConnectionIds],
    );
    return toRow(rows[0]);
  }

  async list(q: Queryable, organizationId: string, owner: EndpointOwner): Promise<WebhookEndpointRow[]> {
    const values: unknown[] = [organizationId];
    const { rows } = await q.query<DbRow>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE organization_id = $1 AND ${ownerFilter(owner, values)} ORDER BY created_at, id`, values);
    return rows.map(toRow);
  }

  async find(q: Queryable, organizationId: string, owner: EndpointOwner, id: string): Promise<WebhookEndpointRow | undefined> {
    const values: unknown[] = [organizationId, id];
    const { rows } = await q.query<DbRow>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE organization_id = $1 AND id = $2 AND ${ownerFilter(owner, values)}`, values);
    return rows.length > 0 ? toRow(rows[0]) : undefined;
  }

  /** False when there was no such endpoint (for this owner). */
  async delete(q: Queryable, organizationId: string, owner: EndpointOwner, id: string): Promise<boolean> {
    const values: unknown[] = [organizationId, id];
    const { rowCount } = await q.query(`DELETE FROM webhook_endpoints WHERE organization_id = $1 AND id = $2 AND ${ownerFilter(owner, values)}`, values);
    return (rowCount ?? 0) > 0;
  }

  /**
   * Locks endpoints whose state recorded outcomes change (failing_since, disabling), in id order and before
   * any attempt row (disabling them deletes their PENDING attempts): deleting or disabling an endpoint also
   * takes its row first, so the two cannot deadlock. Answers each endpoint still there with its
   * failing_since, and the database's clock.
   */
  async lockForState(tx: Queryable, endpointIds: string[]): Promise<{ now: Date; endpoints: Map<string, { enabled: boolean; failingSince: Date | null }> }> {
    const { rows } = await tx.query<{ id: string; enabled: boolean; failing_since: Date | null; now: Date }>(
      `SELECT id, enabled, failing_since, statement_timestamp() AS now FROM webhook_endpoints WHERE id = ANY ($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
      [endpointIds],
    );
    const now = rows[0]?.now ?? new Date();
    return { now, endpoints: new Map(rows.map((r) => [r.id, { enabled: r.enabled, failingSince: r.failing_since }])) };
  }

  /** Sets failing_since (null: the endpoint answered) of these endpoints. */
  async setFailingSince(tx: Queryable, changes: { id: string; failingSince: Date | null }[]): Promise<void> {
    if (changes.length === 0) return;
    await tx.query(
      `UPDATE webhook_endpoints e SET failing_since = c.failing_since FROM unnest($1::uuid[], $2::timestamptz[]) AS c(id, failing_since) WHERE e.id = c.id`,
      [changes.map((c) => c.id), changes.map((c) => c.failingSince?.toISOString() ?? null)],
    );
  }

  /**
   * Disables these endpoints (those still enabled) for a reason, and drops their PENDING attempts: a disabled
   * endpoint is sent nothing, and enabling it again sends only what happens from then on. An attempt in
   * flight finds its row gone and records nothing. Answers the ids disabled.
   */
  async disable(tx: Queryable, endpointIds: string[], reason: WebhookEndpointDisabledReason): Promise<string[]> {
    if (endpointIds.length === 0) return [];
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, updated_at = now() WHERE id = ANY ($1::uuid[]) AND enabled RETURNING id`,
      [endpointIds, reason],
    );
    const disabled = rows.map((r) => r.id);
    if (disabled.length > 0) await tx.query(`DELETE FROM webhook_delivery_attempts WHERE endpoint_id = ANY ($1::uuid[]) AND status = 'PENDING'`, [disabled]);
    return disabled;
  }
}
