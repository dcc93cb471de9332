// Release-channel shapes of the internal gateway (spec 2.9): the feature flag, the assignment body and its result.
import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { ClosedSchema, Required } from '@gateway/platform';
import type { ReleaseChannel } from '@gateway/persistence';
import { RELEASE_CHANNELS } from '../model/release-channel';

export const RELEASE_CHANNEL_SCHEMA = { enum: RELEASE_CHANNELS, enumName: 'ReleaseChannel', description: 'STABLE, BETA or ALPHA (most stable first)' } as const;

@ClosedSchema()
export class ReleaseChannelFeatureDto {
  @ApiProperty({ minLength: 1, maxLength: 200 }) name!: string;
  @ApiProperty({ maxLength: 2000 }) description!: string;
  @ApiProperty({ ...RELEASE_CHANNEL_SCHEMA, description: 'the least stable channel the feature is on for; organizations on it or a less stable one get it' })
  releaseChannel!: ReleaseChannel;
}

@ClosedSchema()
export class AssignReleaseChannelDto {
  @ApiProperty(RELEASE_CHANNEL_SCHEMA)
  @Required()
  @IsIn(RELEASE_CHANNELS, { message: 'must be one of STABLE, BETA, ALPHA' })
  releaseChannel!: ReleaseChannel;
}

@ClosedSchema()
export class ReleaseChannelAssignmentDto {
  @ApiProperty({ enum: ['success'], description: 'always success (lower case, spec section 3)' }) outcome!: 'success';
  @ApiProperty({ format: 'uuid' }) organizationId!: string;
  @ApiProperty(RELEASE_CHANNEL_SCHEMA) releaseChannel!: ReleaseChannel;
}
