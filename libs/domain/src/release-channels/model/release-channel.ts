// Release channels (contract section 5): a feature is on for an organization when its channel is the
// organization's or a more stable one; ALPHA sees all.
import { ReleaseChannel } from '@gateway/persistence';

/** Most stable first. */
export const RELEASE_CHANNELS: ReleaseChannel[] = ['STABLE', 'BETA', 'ALPHA'];

/** The channels whose features an organization on `channel` gets, most stable first. */
export function channelsVisibleFrom(channel: ReleaseChannel): ReleaseChannel[] {
  return RELEASE_CHANNELS.slice(0, RELEASE_CHANNELS.indexOf(channel) + 1);
}
