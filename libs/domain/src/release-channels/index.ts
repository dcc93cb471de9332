// Release channels
export * from './release-channels.module';
export * from './dto/release-channel.dto';
export * from './model/release-channel';
export * from './use-cases/release-channels.service';
