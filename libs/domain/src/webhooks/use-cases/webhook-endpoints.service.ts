// Managing webhook endpoints (contract 6.3). USER with role OWNER, ORGANIZATION and SERVICE manage every
// endpoint of an organization they can access; a CONNECTOR manages only those it created, which will
// receive only events of its connections' stores. The secret is shown once and stored encrypted.
import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BadRequestProblem, ForbiddenProblem, NotFoundProblem } from '@gateway/platform';
import { AccessRepository, Database, EndpointOwner, WebhookDeliveryRepository, WebhookEndpointRepository, WebhookEndpointRow } from '@gateway/persistence';
import { CallerIdentity } from '../../auth/model/caller-identity';
import { encryptPrivateKey } from '../../auth/policies/key-encryption';
import { OrganizationAccessPolicy } from '../../organizations/policies/organization-access.policy';
import { CreateWebhookEndpointDto, CreatedWebhookEndpointDto, WebhookEndpointDto, WebhookEndpointListDto, WebhookEventType } from '../dto/webhook-endpoint.dto';
import { webhookUrlProblem } from '../policies/webhook-target';
import { WEBHOOK_OPTIONS, WebhookOptions } from '../model/webhook-options';
import { LATEST_DELIVERY_ATTEMPTS, WebhookDeliveryAttemptListDto } from '../dto/webhook-delivery.dto';

const NOT_FOUND = 'The webhook endpoint does not exist.';

function toDto(row: WebhookEndpointRow): WebhookEndpointDto {
  return { id: row.id, url: row.url, eventTypes: row.eventTypes as WebhookEventType[], description: row.description, createdAt: row.createdAt.toISOString() };
}

@Injectable()
export class WebhookEndpointsService {
  constructor(
    private readonly db: Database,
    private readonly policy: OrganizationAccessPolicy,
    private readonly access: AccessRepository,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    @Inject(WEBHOOK_OPTIONS) private readonly options: WebhookOptions,
  ) {}

  async create(identity: CallerIdentity, organizationId: string, body: CreateWebhookEndpointDto): Promise<CreatedWebhookEndpointDto> {
    await this.assertCanManage(identity, organizationId);
    const problem = webhookUrlProblem(body.url, this.options.targets);
    if (problem) throw new BadRequestProblem('The request is not valid.', [{ pointer: '/url', message: problem }]);
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const row = await this.endpoints.insert(this.db, {
      id: randomUUID(),
      organizationId,
      url: body.url,
      eventTypes: body.eventTypes,
      description: body.description ?? null,
      secretCiphertext: encryptPrivateKey(secret, this.options.keyEncryptionKey),
      createdByClientId: identity.clientId,
      connectorConnectionIds: identity.clientType === 'CONNECTOR' ? identity.connectionIds : null,
    });
    return { ...toDto(row), secret };
  }

  async list(identity: CallerIdentity, organizationId: string): Promise<WebhookEndpointListDto> {
    const owner = await this.assertCanManage(identity, organizationId);
    return { items: (await this.endpoints.list(this.db, organizationId, owner)).map(toDto) };
  }

  async get(identity: CallerIdentity, organizationId: string, id: string): Promise<WebhookEndpointDto> {
    const owner = await this.assertCanManage(identity, organizationId);
    const row = await this.endpoints.find(this.db, organizationId, owner, id);
    if (!row) throw new NotFoundProblem(NOT_FOUND);
    return toDto(row);
  }

  /** The latest attempts of one endpoint the caller manages, newest first. */
  async latestAttempts(identity: CallerIdentity, organizationId: string, id: string): Promise<WebhookDeliveryAttemptListDto> {
    await this.get(identity, organizationId, id);
    const rows = await this.deliveries.latestAttempts(this.db, id, LATEST_DELIVERY_ATTEMPTS);
    return {
      items: rows.map((r) => ({
        eventId: r.webhookId,
        eventType: r.eventType as WebhookEventType,
        attempt: r.attempt,
        status: r.status,
        responseStatus: r.responseStatus,
        attemptedAt: r.attemptedAt?.toISOString() ?? null,
        nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
      })),
    };
  }

  async delete(identity: CallerIdentity, organizationId: string, id: string): Promise<void> {
    const owner = await this.assertCanManage(identity, organizationId);
    if (!(await this.endpoints.delete(this.db, organizationId, owner, id))) throw new NotFoundProblem(NOT_FOUND);
  }

  /** 403 unless the caller manages webhooks of the organization; which of its endpoints it manages. */
  private async assertCanManage(identity: CallerIdentity, organizationId: string): Promise<EndpointOwner> {
    await this.policy.assertCanAccessOrganization(identity, organizationId);
    if (identity.clientType === 'CONNECTOR') return { kind: 'CLIENT', clientId: identity.clientId };
    if (identity.clientType === 'USER' && (await this.access.membershipRole(this.db, identity.userId, organizationId)) !== 'OWNER') {
      throw new ForbiddenProblem('Only the account owner can manage webhook endpoints.');
    }
    return { kind: 'ORGANIZATION' };
  }
}
