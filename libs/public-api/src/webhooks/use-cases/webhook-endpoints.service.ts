// Managing webhook endpoints (contracts 6.3, 6.5 and 7): register (at most WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION
// per organization, enabled or not), list, read, change (PATCH: url, event types, description, enabled),
// roll the secret, delete. Who manages which: WebhookEndpointAccessPolicy. A secret is shown once and
// stored encrypted.
import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BadRequestProblem, ConflictProblem, ForbiddenProblem, NotFoundProblem } from '@gateway/platform';
import { ApiClientRepository, Database, WebhookEndpointRepository, WebhookEndpointRow } from '@gateway/persistence';
import { WebhookDeliveryRepository } from '@gateway/persistence-public';
import { CallerIdentity, encryptWebhookSecret } from '@gateway/domain';
import {
  CreateWebhookEndpointDto,
  CreatedWebhookEndpointDto,
  UpdateWebhookEndpointDto,
  WebhookEndpointDto,
  WebhookEndpointListDto,
} from '../dto/webhook-endpoint.dto';
import { CONNECTOR_REFUSED_EVENT_TYPES, DeliveredEventType, WebhookEventType } from '../model/webhook-event-types';
import { MAX_SECRET_OVERLAP_SECONDS, RotateWebhookSecretDto, WebhookSecretDto } from '../dto/webhook-endpoint-operations.dto';
import { webhookUrlProblem } from '../policies/webhook-target';
import { WebhookEndpointAccessPolicy } from '../policies/webhook-endpoint-access.policy';
import { DEFAULT_MAX_ENDPOINTS_PER_ORGANIZATION, WEBHOOK_OPTIONS, WebhookOptions } from '../model/webhook-options';
import { LATEST_DELIVERY_ATTEMPTS, WebhookDeliveryAttemptListDto } from '../dto/webhook-delivery.dto';

export const WEBHOOK_ENDPOINT_NOT_FOUND = 'The webhook endpoint does not exist.';

export function toWebhookEndpointDto(row: WebhookEndpointRow): WebhookEndpointDto {
  return {
    id: row.id,
    url: row.url,
    eventTypes: row.eventTypes as WebhookEventType[],
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A connector's endpoint never receives the organization's own events (inbound stock: a connector cannot see
 * inbound shipments), so naming one is refused rather than accepted and never sent: 400, each pointing at it.
 */
function assertConnectorMayReceive(identity: CallerIdentity, eventTypes: WebhookEventType[]): void {
  if (identity.clientType !== 'CONNECTOR') return;
  const refused = eventTypes.flatMap((type, index) =>
    CONNECTOR_REFUSED_EVENT_TYPES.includes(type)
      ? [{ pointer: `/eventTypes/${index}`, message: `${type} is never sent to a connector's endpoint: connectors cannot see inbound shipments` }]
      : [],
  );
  if (refused.length > 0) throw new BadRequestProblem("The event types name events a connector's endpoint is never sent.", refused);
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

@Injectable()
export class WebhookEndpointsService {
  private readonly maxEndpoints: number;

  constructor(
    private readonly db: Database,
    private readonly policy: WebhookEndpointAccessPolicy,
    private readonly clients: ApiClientRepository,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    @Inject(WEBHOOK_OPTIONS) private readonly options: WebhookOptions,
  ) {
    this.maxEndpoints = options.maxEndpointsPerOrganization ?? DEFAULT_MAX_ENDPOINTS_PER_ORGANIZATION;
  }

  async create(identity: CallerIdentity, organizationId: string, body: CreateWebhookEndpointDto): Promise<CreatedWebhookEndpointDto> {
    await this.policy.assertCanManage(identity, organizationId);
    this.assertTarget(body.url);
    assertConnectorMayReceive(identity, body.eventTypes);
    const secret = newSecret();
    const row = await this.db.transaction(async (tx) => {
      // A connector's endpoints are disabled when it is revoked, while its last tokens may still pass for up
      // to a minute: an endpoint created in its name is refused once the revocation committed, or, holding
      // the client's row, is there for the revocation to disable.
      if (identity.clientType === 'CONNECTOR' && !(await this.clients.holdUnrevoked(tx, identity.clientId)))
        throw new ForbiddenProblem('The client has been revoked.');
      const count = await this.endpoints.countHoldingOrganization(tx, organizationId);
      if (count >= this.maxEndpoints) {
        throw new ConflictProblem(
          `The organization has ${count} webhook endpoints, the most it may have (enabled or not); delete one before registering another.`,
          'webhook-endpoint-limit',
        );
      }
      const id = randomUUID();
      return this.endpoints.insert(tx, {
        id,
        organizationId,
        url: body.url,
        eventTypes: body.eventTypes,
        description: body.description ?? null,
        secretCiphertext: encryptWebhookSecret(secret, this.options.keyEncryptionKey, { organizationId, endpointId: id }),
        createdByClientId: identity.clientId,
        connectorConnectionIds: identity.clientType === 'CONNECTOR' ? identity.connectionIds : null,
      });
    });
    return { ...toWebhookEndpointDto(row), secret };
  }

  async list(identity: CallerIdentity, organizationId: string): Promise<WebhookEndpointListDto> {
    const owner = await this.policy.assertCanManage(identity, organizationId);
    return { items: (await this.endpoints.list(this.db, organizationId, owner)).map(toWebhookEndpointDto) };
  }

  async get(identity: CallerIdentity, organizationId: string, id: string): Promise<WebhookEndpointDto> {
    const owner = await this.policy.assertCanManage(identity, organizationId);
    const row = await this.endpoints.find(this.db, organizationId, owner, id);
    if (!row) throw new NotFoundProblem(WEBHOOK_ENDPOINT_NOT_FOUND);
    return toWebhookEndpointDto(row);
  }

  /**
   * PATCH: the fields given change; a new url passes the checks of registration. enabled false disables the
   * endpoint (MANUAL) and drops its pending attempts; enabled true enables one disabled MANUAL or FAILING
   * (its failure window started over), which from then on is matched by the dispatcher's fan-out again;
   * one disabled as CLIENT_REVOKED stays so (409).
   */
  async update(identity: CallerIdentity, organizationId: string, id: string, body: UpdateWebhookEndpointDto): Promise<WebhookEndpointDto> {
    const owner = await this.policy.assertCanManage(identity, organizationId);
    if (body.url !== undefined) this.assertTarget(body.url);
    if (body.eventTypes !== undefined) assertConnectorMayReceive(identity, body.eventTypes);
    const row = await this.db.transaction(async (tx) => {
      const current = await this.endpoints.find(tx, organizationId, owner, id, 'FOR UPDATE');
      if (!current) throw new NotFoundProblem(WEBHOOK_ENDPOINT_NOT_FOUND);
      if (body.enabled === true && current.disabledReason === 'CLIENT_REVOKED') {
        throw new ConflictProblem(
          'The webhook endpoint was disabled because the connector that created it was revoked; it cannot be enabled again.',
          'webhook-endpoint-revoked',
        );
      }
      if (body.url !== undefined || body.eventTypes !== undefined || body.description !== undefined) {
        await this.endpoints.update(tx, id, { url: body.url, eventTypes: body.eventTypes, description: body.description });
      }
      if (body.enabled === false) await this.endpoints.disable(tx, [id], 'MANUAL');
      if (body.enabled === true && !current.enabled) await this.endpoints.enable(tx, id);
      return (await this.endpoints.find(tx, organizationId, owner, id)) as WebhookEndpointRow;
    });
    return toWebhookEndpointDto(row);
  }

  /** A new secret, answered once; the old one keeps signing (a second signature) for the overlap. */
  async rotateSecret(identity: CallerIdentity, organizationId: string, id: string, body: RotateWebhookSecretDto | undefined): Promise<WebhookSecretDto> {
    const owner = await this.policy.assertCanManage(identity, organizationId);
    const secret = newSecret();
    await this.db.transaction(async (tx) => {
      if (!(await this.endpoints.find(tx, organizationId, owner, id, 'FOR UPDATE'))) throw new NotFoundProblem(WEBHOOK_ENDPOINT_NOT_FOUND);
      const secretCiphertext = encryptWebhookSecret(secret, this.options.keyEncryptionKey, { organizationId, endpointId: id });
      await this.endpoints.rotateSecret(tx, id, secretCiphertext, body?.overlapSeconds ?? MAX_SECRET_OVERLAP_SECONDS);
    });
    return { secret };
  }

  /** The latest attempts of one endpoint the caller manages, newest first. */
  async latestAttempts(identity: CallerIdentity, organizationId: string, id: string): Promise<WebhookDeliveryAttemptListDto> {
    await this.get(identity, organizationId, id);
    const rows = await this.deliveries.latestAttempts(this.db, id, LATEST_DELIVERY_ATTEMPTS);
    return {
      items: rows.map((r) => ({
        eventId: r.webhookId,
        eventType: r.eventType as DeliveredEventType,
        attempt: r.attempt,
        status: r.status,
        responseStatus: r.responseStatus,
        attemptedAt: r.attemptedAt?.toISOString() ?? null,
        nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
      })),
    };
  }

  async delete(identity: CallerIdentity, organizationId: string, id: string): Promise<void> {
    const owner = await this.policy.assertCanManage(identity, organizationId);
    if (!(await this.endpoints.delete(this.db, organizationId, owner, id))) throw new NotFoundProblem(WEBHOOK_ENDPOINT_NOT_FOUND);
  }

  /** 400 unless the URL may be a webhook target: the one check of registration and of a changed url. */
  private assertTarget(url: string): void {
    const problem = webhookUrlProblem(url, this.options.targets);
    if (problem) throw new BadRequestProblem('The request is not valid.', [{ pointer: '/url', message: problem }]);
  }
}
