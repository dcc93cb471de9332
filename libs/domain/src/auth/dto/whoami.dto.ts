// Caller identity (spec 2.5): four shapes discriminated by clientType, no additional properties.
import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import { CallerIdentity, ClientType } from '../model/caller-identity';

@ClosedSchema()
export class UserCallerDto {
  @ApiProperty({ enum: ['USER'] }) clientType!: 'USER';
  @ApiProperty() clientId!: string;
  @ApiProperty() userId!: string;
}

@ClosedSchema()
export class OrganizationCallerDto {
  @ApiProperty({ enum: ['ORGANIZATION'] }) clientType!: 'ORGANIZATION';
  @ApiProperty() clientId!: string;
  @ApiProperty() organizationId!: string;
}

@ClosedSchema()
export class ConnectorCallerDto {
  @ApiProperty({ enum: ['CONNECTOR'] }) clientType!: 'CONNECTOR';
  @ApiProperty() clientId!: string;
  @ApiProperty({ type: [String] }) connectionIds!: string[];
}

@ClosedSchema()
export class ServiceCallerDto {
  @ApiProperty({ enum: ['SERVICE'] }) clientType!: 'SERVICE';
  @ApiProperty() clientId!: string;
}

/** Each shape under the clientType value that selects it (the discriminator mapping of the answer). */
export const CALLER_SHAPES_BY_TYPE: Record<ClientType, new () => object> = {
  USER: UserCallerDto,
  ORGANIZATION: OrganizationCallerDto,
  CONNECTOR: ConnectorCallerDto,
  SERVICE: ServiceCallerDto,
};

export const CALLER_SHAPES = Object.values(CALLER_SHAPES_BY_TYPE);

export type WhoamiDto = UserCallerDto | OrganizationCallerDto | ConnectorCallerDto | ServiceCallerDto;

/** Field by field, so that nothing but the shape's fields is ever answered. */
export function toWhoami(identity: CallerIdentity): WhoamiDto {
  switch (identity.clientType) {
    case 'USER':
      return { clientType: 'USER', clientId: identity.clientId, userId: identity.userId };
    case 'ORGANIZATION':
      return { clientType: 'ORGANIZATION', clientId: identity.clientId, organizationId: identity.organizationId };
    case 'CONNECTOR':
      return { clientType: 'CONNECTOR', clientId: identity.clientId, connectionIds: [...identity.connectionIds] };
    case 'SERVICE':
      return { clientType: 'SERVICE', clientId: identity.clientId };
  }
}
