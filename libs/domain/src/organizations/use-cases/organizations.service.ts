// Reading organizations: the public list for a caller, and the internal record.
import { Injectable } from '@nestjs/common';
import { NotFoundProblem } from '@gateway/platform';
import { InventorySyncRepository, OrganizationRepository, ReleaseChannelRepository, ReplicaReads } from '@gateway/persistence';
import { CallerIdentity } from '../../auth';
import { channelsVisibleFrom } from '../../release-channels';
import { OrganizationAccessPolicy } from '../policies/organization-access.policy';
import { OrganizationRecordDto } from '../dto/organization-record.dto';

@Injectable()
export class OrganizationsService {
  constructor(
    /** Organizations may lag (contract section 8): the replica's when there is one. */
    private readonly replicaReads: ReplicaReads,
    private readonly organizations: OrganizationRepository,
    private readonly channels: ReleaseChannelRepository,
    private readonly sync: InventorySyncRepository,
    private readonly access: OrganizationAccessPolicy,
  ) {}

  /** The organizations the caller can access (public GET /v0/organizations). */
  async accessible(identity: CallerIdentity): Promise<{ id: string; name: string }[]> {
    const ids = await this.access.accessibleOrganizationIds(identity);
    return (await this.organizations.list(this.replicaReads, ids)).map((o) => ({ id: o.id, name: o.name }));
  }

  /** The internal record; read in one snapshot (the replica's when there is one), so the channel, features and sync settings agree. */
  async record(organizationId: string): Promise<OrganizationRecordDto> {
    return this.replicaReads.transaction(async (tx) => {
      const organization = await this.organizations.find(tx, organizationId);
      if (!organization) throw new NotFoundProblem('The organization does not exist.');
      const features = await this.channels.features(tx, channelsVisibleFrom(organization.releaseChannel));
      const sync = await this.sync.settings(tx, organization.id);
      return {
        id: organization.id,
        name: organization.name,
        releaseChannel: organization.releaseChannel,
        environment: organization.environment,
        autoAdvance: organization.autoAdvance,
        features: features.map((f) => ({ name: f.name, description: f.description, releaseChannel: f.releaseChannel })),
        inventorySync: { mode: sync.mode, overriddenBarcodes: sync.overriddenBarcodes },
      };
    });
  }
}
