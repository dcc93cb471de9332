// The access table of contract section 2, in one place: who may reach an organization, its invoices
// and its stores. 403 for an organization the caller cannot access, whether or not it exists;
// 404 for an unknown store inside one it can.
import { Injectable } from '@nestjs/common';
import { ForbiddenProblem, NotFoundProblem } from '@gateway/platform';
import { AccessRepository, Database, Environment, StoreAccess } from '@gateway/persistence';
import { CallerIdentity } from '../../auth';

const NO_ACCESS = 'The caller has no access to this organization.';

@Injectable()
export class OrganizationAccessPolicy {
  constructor(
    private readonly db: Database,
    private readonly access: AccessRepository,
  ) {}

  /** The organizations the caller can access; 'ALL' for a SERVICE. */
  async accessibleOrganizationIds(identity: CallerIdentity): Promise<'ALL' | string[]> {
    switch (identity.clientType) {
      case 'SERVICE':
        return 'ALL';
      case 'ORGANIZATION':
        return [identity.organizationId];
      case 'USER':
        return this.access.userOrganizationIds(this.db, identity.userId);
      case 'CONNECTOR':
        return [...new Set((await this.access.connectionStores(this.db, identity.connectionIds)).map((c) => c.organizationId))];
    }
  }

  /** `exists`: whether the organization exists, when the request already read it. */
  async assertCanAccessOrganization(identity: CallerIdentity, organizationId: string, exists?: boolean): Promise<void> {
    if (identity.clientType === 'SERVICE') {
      // A service sees every organization, so there is nothing to hide about one that does not exist.
      if (!(exists ?? (await this.access.organizationExists(this.db, organizationId)))) throw new NotFoundProblem('The organization does not exist.');
      return;
    }
    const accessible = await this.accessibleOrganizationIds(identity);
    if (accessible !== 'ALL' && !accessible.includes(organizationId)) throw new ForbiddenProblem(NO_ACCESS);
  }

  async assertCanReadInvoices(identity: CallerIdentity, organizationId: string): Promise<void> {
    await this.assertCanAccessOrganization(identity, organizationId);
    if (identity.clientType === 'CONNECTOR') throw new ForbiddenProblem('A connector cannot read invoices.');
    if (identity.clientType === 'USER' && (await this.access.membershipRole(this.db, identity.userId, organizationId)) !== 'OWNER') {
      throw new ForbiddenProblem('Only the account owner can read invoices.');
    }
  }

  /** Inbound shipments (contract 6.9): the organization's OWNER users, ORGANIZATION and SERVICE clients; never a CONNECTOR. */
  async assertCanManageInboundStock(identity: CallerIdentity, organizationId: string): Promise<void> {
    await this.assertCanAccessOrganization(identity, organizationId);
    if (identity.clientType === 'CONNECTOR') throw new ForbiddenProblem('A connector cannot announce or read inbound shipments.');
    if (identity.clientType === 'USER' && (await this.access.membershipRole(this.db, identity.userId, organizationId)) !== 'OWNER') {
      throw new ForbiddenProblem('Only the account owner can announce or read inbound shipments.');
    }
  }

  /**
   * The store, when the caller may create sales orders against it; a connector only through its connections.
   * `known`: the organization's existence and the store, when the request read them with its own first read
   * (otherwise one round trip reads both).
   */
  async assertCanCreateSalesOrder(
    identity: CallerIdentity,
    organizationId: string,
    storeId: string,
    known?: StoreAccess,
  ): Promise<{ warehouseId: string; environment: Environment }> {
    const facts = known ?? (await this.access.storeAccess(this.db, organizationId, storeId));
    await this.assertCanAccessOrganization(identity, organizationId, facts.organizationExists);
    if (!facts.store) throw new NotFoundProblem('The store does not exist in this organization.');
    if (identity.clientType === 'CONNECTOR') {
      const stores = await this.access.connectionStores(this.db, identity.connectionIds);
      if (!stores.some((s) => s.organizationId === organizationId && s.storeId === storeId)) {
        throw new ForbiddenProblem('A connector can create sales orders only for the stores of its connections.');
      }
    }
    return facts.store;
  }
}
