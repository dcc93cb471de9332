import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';

@ClosedSchema()
export class OrganizationDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
}

@ClosedSchema()
export class OrganizationListDto {
  @ApiProperty({ type: () => [OrganizationDto], description: 'organizations the authenticated context can access' })
  organizations!: OrganizationDto[];
}
