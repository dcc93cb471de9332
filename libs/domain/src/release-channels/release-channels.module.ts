import { Module } from '@nestjs/common';
import { ReleaseChannelsService } from './release-channels.service';

@Module({
  providers: [ReleaseChannelsService],
  exports: [ReleaseChannelsService],
})
export class ReleaseChannelsModule {}
