// SQL of webhook endpoints.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';

/** Why an endpoint is disabled (contract 6.5). */
export type WebhookEndpointDisabledReason = 'MANUAL' | 'FAILING' | 'CLIENT_REVOKED';

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
  enabled: boolean;
  /** null while enabled. */
  disabledReason: WebhookEndpointDisabledReason | null;
  createdAt: Date;
}

/** An endpoint's secrets as stored (the previous one kept during a rotation's overlap, or null). */
export interface WebhookSecretCiphertexts {
  id: string;
  organizationId: string;
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
}

export type NewWebhookEndpoint = Omit<WebhookEndpointRow, 'createdAt' | 'enabled' | 'disabledReason'>;

/** What PATCH may change of an endpoint (each field only when given). */
export interface WebhookEndpointChanges {
  url?: string;
  eventTypes?: string[];
  description?: string | null;
}

/** Which endpoints of the organization a caller manages: all, or those one client created. */
export type EndpointOwner = { kind: 'ORGANIZATION' } | { kind: 'CLIENT'; clientId: string };

const COLUMNS = `id, organization_id, url, event_types, description, secret_ciphertext, created_by_client_id, connector_connection_ids, enabled, disabled_reason, created_at`;

interface DbRow {
  id: string;
  organization_id: string;
  url: string;
  event_types: string[];
  description: string | null;
  secret_ciphertext: string;
  created_by_client_id: string;
  connector_connection_ids: string[] | null;
  enabled: boolean;
  disabled_reason: WebhookEndpointDisabledReason | null;
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
  enabled: r.enabled,
  disabledReason: r.disabled_reason,
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
      [
        endpoint.id,
        endpoint.organizationId,
        endpoint.url,
        endpoint.eventTypes,
        endpoint.description,
        endpoint.secretCiphertext,
        endpoint.createdByClientId,
        endpoint.connectorConnectionIds,
      ],
    );
    return toRow(rows[0]);
  }

  /**
   * How many endpoints the organization has, enabled or not, counted while holding its row until the
   * transaction ends: two creations in one organization count one after the other, so neither passes a cap
   * the other filled. FOR NO KEY UPDATE leaves the foreign-key checks of other writes (FOR KEY SHARE) free.
   */
  async countHoldingOrganization(tx: Queryable, organizationId: string): Promise<number> {
    await tx.query('SELECT 1 FROM organizations WHERE id = $1 FOR NO KEY UPDATE', [organizationId]);
    const { rows } = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM webhook_endpoints WHERE organization_id = $1', [organizationId]);
    return rows[0].count;
  }

  async list(q: Queryable, organizationId: string, owner: EndpointOwner): Promise<WebhookEndpointRow[]> {
    const values: unknown[] = [organizationId];
    const { rows } = await q.query<DbRow>(
      `SELECT ${COLUMNS} FROM webhook_endpoints WHERE organization_id = $1 AND ${ownerFilter(owner, values)} ORDER BY created_at, id`,
      values,
    );
    return rows.map(toRow);
  }

  /**
   * One endpoint of the organization the owner manages. `lock`: held until the transaction ends, FOR UPDATE
   * for a change of the row, FOR SHARE to keep it as read (enabled, not deleted) while writing its deliveries.
   */
  async find(
    q: Queryable,
    organizationId: string,
    owner: EndpointOwner,
    id: string,
    lock?: 'FOR UPDATE' | 'FOR SHARE',
  ): Promise<WebhookEndpointRow | undefined> {
    const values: unknown[] = [organizationId, id];
    const { rows } = await q.query<DbRow>(
      `SELECT ${COLUMNS} FROM webhook_endpoints WHERE organization_id = $1 AND id = $2 AND ${ownerFilter(owner, values)} ${lock ?? ''}`,
      values,
    );
    return rows.length > 0 ? toRow(rows[0]) : undefined;
  }

  /** Changes the fields given (the caller holds the row); answers the endpoint as it now is. */
  async update(tx: Queryable, id: string, changes: WebhookEndpointChanges): Promise<WebhookEndpointRow> {
    const { rows } = await tx.query<DbRow>(
      `UPDATE webhook_endpoints
          SET url = CASE WHEN $2 THEN $3 ELSE url END,
              event_types = CASE WHEN $4 THEN $5::text[] ELSE event_types END,
              description = CASE WHEN $6 THEN $7 ELSE description END,
              updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [
        id,
        changes.url !== undefined,
        changes.url ?? null,
        changes.eventTypes !== undefined,
        changes.eventTypes ?? null,
        changes.description !== undefined,
        changes.description ?? null,
      ],
    );
    return toRow(rows[0]);
  }

  /**
   * Enables an endpoint disabled MANUAL or FAILING, its failure window started over; one disabled as
   * CLIENT_REVOKED stays disabled. False when nothing was enabled.
   */
  async enable(tx: Queryable, id: string): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE webhook_endpoints SET enabled = true, disabled_reason = NULL, failing_since = NULL, updated_at = now()
        WHERE id = $1 AND disabled_reason IN ('MANUAL', 'FAILING')`,
      [id],
    );
    return (rowCount ?? 0) > 0;
  }

  /**
   * A new signing secret. With an overlap, the current secret becomes the previous one until then (deliveries
   * are signed with both meanwhile); with none, no previous secret is kept. A previous secret still in its
   * overlap is replaced: two rotations in a row leave the last two secrets.
   */
  async rotateSecret(tx: Queryable, id: string, secretCiphertext: string, overlapSeconds: number): Promise<void> {
    await tx.query(
      `UPDATE webhook_endpoints
          SET previous_secret_ciphertext = CASE WHEN $3::int > 0 THEN secret_ciphertext END,
              previous_secret_expires_at = CASE WHEN $3::int > 0 THEN now() + make_interval(secs => $3::int) END,
              secret_ciphertext = $2, updated_at = now()
        WHERE id = $1`,
      [id, secretCiphertext, overlapSeconds],
    );
  }

  /** How many endpoints still have a secret in the first ciphertext format (`v1.`). */
  async countLegacyEncryptedSecrets(q: Queryable): Promise<number> {
    const { rows } = await q.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM webhook_endpoints WHERE secret_ciphertext LIKE 'v1.%' OR previous_secret_ciphertext LIKE 'v1.%'",
    );
    return rows[0].n;
  }

  /** Endpoints with a secret still in the first ciphertext format (`v1.`), at most `limit`, in id order after `afterId`. */
  async legacyEncryptedSecrets(q: Queryable, afterId: string, limit: number): Promise<WebhookSecretCiphertexts[]> {
    const { rows } = await q.query<{ id: string; organization_id: string; secret_ciphertext: string; previous_secret_ciphertext: string | null }>(
      `SELECT id, organization_id, secret_ciphertext, previous_secret_ciphertext FROM webhook_endpoints
        WHERE id > $1 AND (secret_ciphertext LIKE 'v1.%' OR previous_secret_ciphertext LIKE 'v1.%') ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      organizationId: r.organization_id,
      secretCiphertext: r.secret_ciphertext,
      previousSecretCiphertext: r.previous_secret_ciphertext,
    }));
  }

  /** Replaces an endpoint's ciphertexts if they are still `current`; false when a rotation changed them first. */
  async replaceSecretCiphertexts(
    q: Queryable,
    current: WebhookSecretCiphertexts,
    next: Pick<WebhookSecretCiphertexts, 'secretCiphertext' | 'previousSecretCiphertext'>,
  ): Promise<boolean> {
    const { rowCount } = await q.query(
      `UPDATE webhook_endpoints SET secret_ciphertext = $4, previous_secret_ciphertext = $5
        WHERE id = $1 AND secret_ciphertext = $2 AND previous_secret_ciphertext IS NOT DISTINCT FROM $3`,
      [current.id, current.secretCiphertext, current.previousSecretCiphertext, next.secretCiphertext, next.previousSecretCiphertext],
    );
    return rowCount === 1;
  }

  /** The endpoints a connector client created (in every organization): those its revocation disables. */
  async createdByConnector(tx: Queryable, clientId: string): Promise<string[]> {
    const { rows } = await tx.query<{ id: string }>(
      'SELECT id FROM webhook_endpoints WHERE connector_connection_ids IS NOT NULL AND created_by_client_id = $1',
      [clientId],
    );
    return rows.map((r) => r.id);
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
   * flight finds its row gone and records nothing. CLIENT_REVOKED is final, so it also replaces MANUAL or
   * FAILING on an endpoint already disabled (which could otherwise be enabled again). Its recover outstanding
   * goes too (enabling it again does not resume one); a batch of it running holds the endpoint's row, so
   * this waits for the batch. Answers the ids changed.
   */
  async disable(tx: Queryable, endpointIds: string[], reason: WebhookEndpointDisabledReason): Promise<string[]> {
    if (endpointIds.length === 0) return [];
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, updated_at = now()
        WHERE id = ANY ($1::uuid[]) AND (enabled OR ($2 = 'CLIENT_REVOKED' AND disabled_reason <> 'CLIENT_REVOKED')) RETURNING id`,
      [endpointIds, reason],
    );
    const disabled = rows.map((r) => r.id);
    if (disabled.length > 0) {
      await tx.query(`DELETE FROM webhook_delivery_attempts WHERE endpoint_id = ANY ($1::uuid[]) AND status = 'PENDING'`, [disabled]);
      await tx.query('DELETE FROM webhook_recoveries WHERE endpoint_id = ANY ($1::uuid[])', [disabled]);
    }
    return disabled;
  }
}
