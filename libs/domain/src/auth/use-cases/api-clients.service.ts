// Registering, listing and revoking API clients (the admin CLI's clients:* verbs).
import { Injectable } from '@nestjs/common';
import { ApiClientRepository, ApiClientRow, Database, WebhookEndpointRepository } from '@gateway/persistence';
import { Audience, CLIENT_TYPES, ClientType } from '../model/caller-identity';
import { generateClientId, generateClientSecret, hashClientSecret } from '../policies/client-credentials';

export type AuthMethod = 'client_secret_post' | 'client_secret_basic';
export const AUTH_METHODS: AuthMethod[] = ['client_secret_post', 'client_secret_basic'];

export interface NewClientSpec {
  clientType: ClientType;
  userId?: string;
  organizationId?: string;
  connectionIds?: string[];
  authMethod: AuthMethod;
  audience: Audience;
  name?: string;
}

/** What clients:create prints: the secret appears here once and is never stored or shown again. */
export interface CreatedClient {
  client_id: string;
  client_secret: string;
  client_type: ClientType;
  auth_method: AuthMethod;
  audience: Audience;
}

export interface ClientSummary {
  client_id: string;
  client_type: ClientType;
  auth_method: AuthMethod;
  audience: Audience;
  name: string | null;
  user_id?: string;
  organization_id?: string;
  connection_ids?: string[];
  created_at: string;
  revoked_at: string | null;
}

export class ClientSpecError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const CLIENT_NAME_MAX_LENGTH = 200;

/** A client spec as typed by an operator, before its type, method and audience are known to be valid. */
export type ClientSpecInput = Omit<NewClientSpec, 'clientType' | 'authMethod' | 'audience'> & { clientType: string; authMethod: string; audience: string };

/**
 * Everything wrong with a spec that can be told without the database (values, and which identity each type
 * needs), each message naming the admin CLI flag. Whether the named user, organization or connections exist
 * is checked by `create`.
 */
export function clientSpecProblems(spec: ClientSpecInput): string[] {
  const problems: string[] = [];
  if (!CLIENT_TYPES.includes(spec.clientType as ClientType)) problems.push(`--type must be one of ${CLIENT_TYPES.join(', ')}`);
  if (!AUTH_METHODS.includes(spec.authMethod as AuthMethod)) problems.push(`--auth-method must be one of ${AUTH_METHODS.join(', ')}`);
  if (spec.audience !== 'public' && spec.audience !== 'internal') problems.push('--audience must be public or internal');
  const needs = { USER: 'userId', ORGANIZATION: 'organizationId', CONNECTOR: 'connectionIds', SERVICE: undefined } as const;
  for (const [type, field] of Object.entries(needs)) {
    const given = field && (field === 'connectionIds' ? (spec.connectionIds?.length ?? 0) > 0 : spec[field] !== undefined);
    if (type === spec.clientType && field && !given) problems.push(`--type ${type} needs ${flag(field)}`);
    if (type !== spec.clientType && field && given) problems.push(`${flag(field)} is only for --type ${type}`);
  }
  if (spec.organizationId !== undefined && !UUID.test(spec.organizationId)) problems.push('--organization-id must be a UUID');
  if (spec.name !== undefined && spec.name.length > CLIENT_NAME_MAX_LENGTH) problems.push(`--name must be at most ${CLIENT_NAME_MAX_LENGTH} characters`);
  return problems;
}

@Injectable()
export class ApiClientsService {
  constructor(
    private readonly db: Database,
    private readonly clients: ApiClientRepository,
    private readonly webhookEndpoints: WebhookEndpointRepository,
  ) {}

  async create(given: NewClientSpec): Promise<CreatedClient> {
    // UUIDs are case-insensitive: the organization id is kept in its canonical lower case.
    const spec = { ...given, organizationId: given.organizationId?.toLowerCase() };
    await this.checkIdentity(spec);
    const clientId = generateClientId();
    const secret = generateClientSecret();
    await this.db.transaction((tx) =>
      this.clients.insert(tx, {
        clientId,
        secretHash: hashClientSecret(secret),
        clientType: spec.clientType,
        authMethod: spec.authMethod,
        audience: spec.audience,
        name: spec.name ?? null,
        userId: spec.clientType === 'USER' ? (spec.userId ?? null) : null,
        organizationId: spec.clientType === 'ORGANIZATION' ? (spec.organizationId ?? null) : null,
        connectionIds: spec.clientType === 'CONNECTOR' ? [...new Set(spec.connectionIds)] : [],
      }),
    );
    return { client_id: clientId, client_secret: secret, client_type: spec.clientType, auth_method: spec.authMethod, audience: spec.audience };
  }

  async list(): Promise<ClientSummary[]> {
    return (await this.clients.list(this.db)).map(summarize);
  }

  /**
   * Revokes the client; false when there is no such client. Idempotent. A connector's webhook endpoints are
   * disabled (CLIENT_REVOKED) in the same transaction, so nothing more is sent to them from its commit on:
   * a connector acts for some stores of an organization, and its receiver must stop getting their data with
   * its tokens. Endpoints created by an organization's own clients (ORGANIZATION, USER, SERVICE) belong to
   * the organization and stay, as a Stripe endpoint outlives the API key that registered it. Every revocation
   * goes through here (the admin CLI's clients:revoke).
   */
  revoke(clientId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      // The client's row first: an endpoint being created in its name holds that row (holdUnrevoked), so the
      // statements below see it.
      if (!(await this.clients.revoke(tx, clientId))) return false;
      const client = await this.clients.find(tx, clientId);
      if (client?.clientType === 'CONNECTOR')
        await this.webhookEndpoints.disable(tx, await this.webhookEndpoints.createdByConnector(tx, clientId), 'CLIENT_REVOKED');
      return true;
    });
  }

  private async checkIdentity(spec: NewClientSpec): Promise<void> {
    const problems = clientSpecProblems(spec);
    if (problems.length === 0) {
      const existing = await this.clients.existing(this.db, spec);
      if (spec.clientType === 'USER' && !existing.user) problems.push(`user ${spec.userId} does not exist`);
      if (spec.clientType === 'ORGANIZATION' && !existing.organization) problems.push(`organization ${spec.organizationId} does not exist`);
      for (const id of spec.clientType === 'CONNECTOR' ? (spec.connectionIds ?? []) : []) {
        if (!existing.connectionIds.includes(id)) problems.push(`connection ${id} does not exist`);
      }
    }
    if (problems.length > 0) throw new ClientSpecError(problems.join('; '));
  }
}

function flag(field: string): string {
  return { userId: '--user-id', organizationId: '--organization-id', connectionIds: '--connection-id' }[field] ?? field;
}

function summarize(c: ApiClientRow): ClientSummary {
  return {
    client_id: c.clientId,
    client_type: c.clientType,
    auth_method: c.authMethod,
    audience: c.audience,
    name: c.name,
    ...(c.userId ? { user_id: c.userId } : {}),
    ...(c.organizationId ? { organization_id: c.organizationId } : {}),
    ...(c.clientType === 'CONNECTOR' ? { connection_ids: c.connectionIds } : {}),
    created_at: c.createdAt.toISOString(),
    revoked_at: c.revokedAt?.toISOString() ?? null,
  };
}
