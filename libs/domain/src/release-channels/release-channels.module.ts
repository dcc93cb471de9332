import { Module } from '@nestjs/common';
import { DomainEventRepository, ReleaseChannelRepository } from '@gateway/persistence';
import { ReleaseChannelsService } from './use-cases/release-channels.service';

@Module({
  providers: [ReleaseChannelsService, ReleaseChannelRepository, DomainEventRepository],
  exports: [ReleaseChannelsService],
})
export class ReleaseChannelsModule {}
