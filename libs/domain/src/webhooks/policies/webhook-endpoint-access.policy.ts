// Who manages which webhook endpoints, and reads which events (contracts 6.3 and 6.5): USER with role OWNER,
// ORGANIZATION and SERVICE manage every endpoint of an organization they can access and read all its
// events; a CONNECTOR manages only the endpoints it created and reads only its stores' events. Same 403/404
// rules as contract section 2.
import { Injectable } from '@nestjs/common';
import { ForbiddenProblem } from '@gateway/platform';
import { AccessRepository, Database, EndpointOwner } from '@gateway/persistence';
import { CallerIdentity } from '../../auth/model/caller-identity';
import { OrganizationAccessPolicy } from '../../organizations/policies/organization-access.policy';

@Injectable()
export class WebhookEndpointAccessPolicy {
  constructor(
    private readonly db: Database,
    private readonly organizations: OrganizationAccessPolicy,
    private readonly access: AccessRepository,
  ) {}

  /** 403 unless the caller manages webhooks of the organization; which of its endpoints it manages. */
  async assertCanManage(identity: CallerIdentity, organizationId: string): Promise<EndpointOwner> {
    await this.organizations.assertCanAccessOrganization(identity, organizationId);
    if (identity.clientType === 'CONNECTOR') return { kind: 'CLIENT', clientId: identity.clientId };
    if (identity.clientType === 'USER' && (await this.access.membershipRole(this.db, identity.userId, organizationId)) !== 'OWNER') {
      throw new ForbiddenProblem('Only the account owner can manage webhook endpoints.');
    }
    return { kind: 'ORGANIZATION' };
  }
}
