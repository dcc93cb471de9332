// Release channels: the channels and their features, as an organization's record shows them
export * from './dto/release-channel.dto';
export * from './model/release-channel';
