// The query string of GET /internal-tools/events/by-barcode. Values arrive as strings: numbers are
// converted only when they are written plainly (no blanks, hex or exponents); anything else stays as it
// came and fails its type check. A parameter given twice arrives as an array and is refused.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNumber, IsString, Matches, Max, Min, ValidateIf, ValidationOptions, registerDecorator } from 'class-validator';
import { DEMO_ORGANIZATION_ID, HasMaxLength, canonicalUuid, demoExample, plainNumber, Required } from '@gateway/platform';
import { MAX_CURSOR_LENGTH, BARCODE_PATTERN, BARCODE_SCHEMA } from '@gateway/domain';
import { isTimestamp } from '../policies/is-timestamp.validator';

export const EVENTS_PAGE_LIMIT = { min: 1, max: 100, default: 20 } as const;
/** timeWindowHours: more than 0, at most one year. */
export const MAX_TIME_WINDOW_HOURS = 8784;

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const Optional = () => ValidateIf((_object, value) => value !== undefined);

export const DATE_TIME_MESSAGE = 'must be an RFC 3339 date-time with a time zone (offset at most 15:59 either way), e.g. 2026-09-18T10:15:00Z';

/**
 * An RFC 3339 date-time (time zone required) on a calendar day that exists, in years 0001 to 9999, with
 * an offset Postgres accepts (at most 15:59 either way; every real zone is within -12:00 and +14:00).
 */
export function isQueryDateTime(value: unknown): boolean {
  if (!isTimestamp(value)) return false;
  const text = value as string;
  const offset = /([+-])(\d{2}):\d{2}$/.exec(text);
  return !text.startsWith('0000') && (offset === null || Number(offset[2]) <= 15);
}

function IsDateTime(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isDateTime',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: DATE_TIME_MESSAGE, ...options },
      validator: { validate: isQueryDateTime },
    });
}

export class EventsByBarcodeQuery {
  @ApiProperty({ format: 'uuid', description: 'the organization whose events are read', ...demoExample(DEMO_ORGANIZATION_ID) })
  @Transform(canonicalUuid)
  @Required()
  @IsString({ message: 'must be a UUID' })
  @Matches(UUID, { message: 'must be a UUID' })
  organizationId!: string;

  @ApiProperty({ ...BARCODE_SCHEMA, description: 'the barcode the events are about', ...demoExample('8710000000011') })
  @Required()
  @IsString({ message: 'must be 1 to 100 of A-Z a-z 0-9 . _ -' })
  @Matches(BARCODE_PATTERN, { message: 'must be 1 to 100 of A-Z a-z 0-9 . _ -' })
  barcode!: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: EVENTS_PAGE_LIMIT.min,
    maximum: EVENTS_PAGE_LIMIT.max,
    default: EVENTS_PAGE_LIMIT.default,
    description: 'events per page',
  })
  // A number written plainly: 20.0 is 20, 20.5 is not an integer (400).
  @Transform(plainNumber)
  @Optional()
  @IsInt({ message: `must be an integer from ${EVENTS_PAGE_LIMIT.min} to ${EVENTS_PAGE_LIMIT.max}` })
  @Min(EVENTS_PAGE_LIMIT.min, { message: `must be an integer from ${EVENTS_PAGE_LIMIT.min} to ${EVENTS_PAGE_LIMIT.max}` })
  @Max(EVENTS_PAGE_LIMIT.max, { message: `must be an integer from ${EVENTS_PAGE_LIMIT.min} to ${EVENTS_PAGE_LIMIT.max}` })
  limit?: number;

  @ApiPropertyOptional({
    type: 'number',
    // OpenAPI 3.1 (JSON Schema 2020-12) takes a number here; the decorator's type still says 3.0's boolean.
    exclusiveMinimum: 0 as unknown as boolean,
    maximum: MAX_TIME_WINDOW_HOURS,
    description: `window length in hours (fractions allowed), counted back from endDate, or from now when endDate is omitted; more than 0, at most ${MAX_TIME_WINDOW_HOURS}; cannot be combined with startDate`,
  })
  @Transform(plainNumber)
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: `must be a number more than 0 and at most ${MAX_TIME_WINDOW_HOURS}` })
  @Min(Number.MIN_VALUE, { message: `must be a number more than 0 and at most ${MAX_TIME_WINDOW_HOURS}` })
  @Max(MAX_TIME_WINDOW_HOURS, { message: `must be a number more than 0 and at most ${MAX_TIME_WINDOW_HOURS}` })
  timeWindowHours?: number;

  @ApiPropertyOptional({ format: 'date-time', description: 'events that occurred at or after this instant (RFC 3339, time zone required); not after endDate' })
  @Optional()
  @IsDateTime()
  startDate?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'events that occurred before this instant (RFC 3339, time zone required); default: now, fixed by the first page for the whole walk',
  })
  @Optional()
  @IsDateTime()
  endDate?: string;

  @ApiPropertyOptional({
    maxLength: MAX_CURSOR_LENGTH,
    description: 'the nextCursor of the previous page, sent with the same organizationId, barcode, timeWindowHours, startDate and endDate',
  })
  @Optional()
  @IsString({ message: 'must be a cursor from nextCursor' })
  @HasMaxLength(MAX_CURSOR_LENGTH, 'must be a cursor from nextCursor')
  cursor?: string;
}
