// What a shop announces of a return (contract 6.8), and how it reads returns back: the create body, the
// organization's list query and its page.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsIn, IsInt, IsString, Max, Min, ValidateIf } from 'class-validator';
import { ClosedSchema, HasItems, HasLength, MatchesPattern, NestedObjectList, Required } from '@gateway/platform';
import type { ReturnLineAction, ReturnReason, ReturnStatus } from '@gateway/persistence';
import { IsTrackingUrl, PageCursor, PageLimit, RETURN_LIMITS, RETURN_LINE_ACTIONS, RETURN_REASONS, RETURN_STATUSES, ReturnDto } from '@gateway/domain';
import { IsoDateTime } from '../../orders';

const MAX = Number.MAX_SAFE_INTEGER;
/** Optional, but when present it must be of the declared type: null is not accepted for a string. */
const Optional = () => ValidateIf((_object, value) => value !== undefined);

@ClosedSchema()
export class ReturnLineInput {
  @ApiProperty({ pattern: '^[A-Za-z0-9._-]{1,100}$', description: 'a barcode that shipped with the order (a unit archived since is accepted)' })
  @Required()
  @IsString({ message: 'must be a string' })
  @MatchesPattern(/^[A-Za-z0-9._-]{1,100}$/, 'must be 1 to 100 letters, digits, dots, underscores or hyphens')
  barcode!: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX, description: 'at most what shipped of the barcode less what the order’s other returns claim' })
  @Required()
  @IsInt({ message: 'must be an integer' })
  @Min(1, { message: 'must be at least 1' })
  @Max(MAX, { message: `must be at most ${MAX}` })
  quantity!: number;

  @ApiPropertyOptional({ enum: RETURN_LINE_ACTIONS, description: 'RESTOCK (when left out): may be sold again once checked; DISPOSE: never restocked' })
  @Optional()
  @IsIn(RETURN_LINE_ACTIONS, { message: `must be one of ${RETURN_LINE_ACTIONS.join(', ')}` })
  action?: ReturnLineAction;
}

@ClosedSchema()
export class CreateReturnDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: RETURN_LIMITS.reference, description: "the shop's own reference (an RMA number)" })
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasLength(1, RETURN_LIMITS.reference)
  reference?: string;

  @ApiProperty({ enum: RETURN_REASONS })
  @Required()
  @IsIn(RETURN_REASONS, { message: `must be one of ${RETURN_REASONS.join(', ')}` })
  reason!: ReturnReason;

  @ApiPropertyOptional({ minLength: 1, maxLength: RETURN_LIMITS.note })
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasLength(1, RETURN_LIMITS.note)
  note?: string;

  @ApiProperty({ type: () => [ReturnLineInput], description: 'at least one, distinct barcodes' })
  @Required()
  @NestedObjectList(() => ReturnLineInput)
  @HasItems(1, RETURN_LIMITS.lines, 'lines')
  lines!: ReturnLineInput[];

  @ApiPropertyOptional({ minLength: 1, maxLength: RETURN_LIMITS.carrier, description: 'the carrier bringing it back' })
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasLength(1, RETURN_LIMITS.carrier)
  carrier?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: RETURN_LIMITS.trackingNumber })
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasLength(1, RETURN_LIMITS.trackingNumber)
  trackingNumber?: string;

  @ApiPropertyOptional({ format: 'uri', pattern: '^https://', maxLength: RETURN_LIMITS.trackingUrl, description: 'https' })
  @Optional()
  @IsTrackingUrl(RETURN_LIMITS.trackingUrl)
  trackingUrl?: string;
}

export class ListReturnsQuery {
  @PageLimit('returns per page')
  limit?: number;

  @PageCursor('status and updatedSince')
  cursor?: string;

  @ApiPropertyOptional({ enum: RETURN_STATUSES, description: 'only the returns in this state' })
  @Optional()
  @IsIn(RETURN_STATUSES, { message: `must be one of ${RETURN_STATUSES.join(', ')}` })
  status?: ReturnStatus;

  @IsoDateTime('only the returns changed at or after this instant')
  @Optional()
  updatedSince?: string;
}

export class ReturnListDto {
  @ApiProperty({ type: () => [ReturnDto], description: 'oldest first' }) items!: ReturnDto[];
}

export class ReturnPageDto {
  @ApiProperty({ type: () => [ReturnDto], description: 'newest first' }) items!: ReturnDto[];
  @ApiProperty({ type: 'string', nullable: true, description: 'opaque; pass it as cursor, with the same filters, for the next page; null on the last page' })
  nextCursor!: string | null;
}

/** Cancelling takes no properties (the body may be left out): any one sent is refused as unknown. */
@ClosedSchema()
export class CancelReturnDto {
  // class-validator refuses a class without validation metadata (forbidUnknownValues); this undocumented
  // property carries it, and is refused as any other name would be when it is sent.
  @Equals(undefined, { message: 'is not a known property' })
  readonly none?: undefined;
}
