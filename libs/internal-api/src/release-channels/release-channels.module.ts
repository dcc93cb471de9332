import { Module } from '@nestjs/common';
import { ReleaseChannelsService } from './use-cases/release-channels.service';
import { DomainEventRepository, ReleaseChannelRepository } from '@gateway/persistence';

@Module({
  providers: [ReleaseChannelsService, DomainEventRepository, ReleaseChannelRepository],
  exports: [ReleaseChannelsService],
})
export class ReleaseChannelsModule {}
