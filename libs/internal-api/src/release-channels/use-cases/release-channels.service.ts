// Assigning an organization's release channel (with its event, in one transaction) and listing the feature flags.
import { Injectable } from '@nestjs/common';
import { NotFoundProblem } from '@gateway/platform';
import { Database, DomainEventRepository, ReleaseChannel, ReleaseChannelRepository, ReplicaReads } from '@gateway/persistence';
import { AuthenticatedCaller, ReleaseChannelAssignmentDto, ReleaseChannelFeatureDto } from '@gateway/domain';

@Injectable()
export class ReleaseChannelsService {
  constructor(
    private readonly db: Database,
    /** The feature list may lag (contract section 8, the internal lists): the replica's when there is one. */
    private readonly replicaReads: ReplicaReads,
    private readonly channels: ReleaseChannelRepository,
    private readonly events: DomainEventRepository,
  ) {}

  /** Puts the organization on `channel`. A change appends ReleaseChannelAssigned; assigning the channel it already has changes nothing. */
  async assign(caller: AuthenticatedCaller, id: string, channel: ReleaseChannel): Promise<ReleaseChannelAssignmentDto> {
    const organizationId = id.toLowerCase();
    await this.db.transaction(async (tx) => {
      const assigned = await this.channels.assign(tx, organizationId, channel);
      if (!assigned) throw new NotFoundProblem('The organization does not exist.');
      if (assigned.previous === channel) return;
      await this.events.append(tx, [
        {
          organizationId,
          type: 'ReleaseChannelAssigned',
          aggregateType: 'Organization',
          aggregateId: organizationId,
          initiator: caller.identity.clientId,
          payload: { releaseChannel: channel, previousReleaseChannel: assigned.previous },
        },
      ]);
    });
    return { outcome: 'success', organizationId, releaseChannel: channel };
  }

  /** Every feature flag: most stable channel first, then by name (bytewise). */
  async features(): Promise<ReleaseChannelFeatureDto[]> {
    return this.channels.features(this.replicaReads);
  }
}
