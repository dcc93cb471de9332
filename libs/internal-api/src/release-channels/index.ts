// Release channels: assigning an organization's channel
export * from './release-channels.module';
export * from './use-cases/release-channels.service';
export * from './dto/release-channels.openapi';
