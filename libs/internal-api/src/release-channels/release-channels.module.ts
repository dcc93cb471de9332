import { Module } from '@nestjs/common';
import { ReleaseChannelsService } from './use-cases/release-channels.service';

@Module({
  providers: [ReleaseChannelsService],
  exports: [ReleaseChannelsService],
})
export class ReleaseChannelsModule {}
