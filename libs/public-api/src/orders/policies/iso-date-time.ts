// placedAt is an "ISO 8601 timestamp" (spec 2.7): the ISO 8601 date-time forms are accepted, and the
// record shows the instant as RFC 3339 in UTC, in the form of every other timestamp of the record
// (Date#toISOString: milliseconds and Z, e.g. 2026-09-18T08:15:00.000Z).
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';

// Calendar date and time of day in the extended (2026-09-18T10:15:30) or the basic (20260918T101530)
// format, the same format for both; seconds and a decimal fraction of them (either decimal sign) optional.
const EXTENDED = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(.*)$/;
const BASIC = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(?:(\d{2})(?:[.,](\d{1,9}))?)?(.*)$/;
// Z, or an offset from UTC: ±hh, ±hhmm or ±hh:mm. None: UTC.
const OFFSET = /^(?:Z|([+-])(\d{2})(?::?(\d{2}))?)?$/;

export const ISO_DATE_TIME_MESSAGE =
  'must be an ISO 8601 date-time on a day that exists, e.g. 2026-09-18T10:15:00Z, 2026-09-18T10:15+02:00 or 20260918T101500+0200';

/**
 * The instant an ISO 8601 date-time names, as RFC 3339 in UTC with milliseconds (or, with `fractionDigits` 6,
 * microseconds, Postgres's precision); undefined when it is not one or the day does not exist.
 */
export function isoDateTimeToUtc(value: unknown, fractionDigits: 3 | 6 = 3): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = EXTENDED.exec(value) ?? BASIC.exec(value);
  const offset = match && OFFSET.exec(match[8]);
  if (!match || !offset) return undefined;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number);
  const second = match[6] === undefined ? 0 : Number(match[6]);
  // Fractions finer than the digits asked for are cut off (a record shows milliseconds).
  const millisecond = match[7] === undefined ? 0 : Number(match[7].slice(0, 3).padEnd(3, '0'));
  const finer = fractionDigits === 6 ? (match[7] ?? '').slice(3, 6).padEnd(3, '0') : '';
  const offsetMinutes = offset[1] === undefined ? 0 : (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3] ?? 0));
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  if (offset[2] !== undefined && (Number(offset[2]) > 23 || Number(offset[3] ?? 0) > 59)) return undefined;
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  instant.setUTCHours(hour, minute - offsetMinutes, second, millisecond);
  // The instant in UTC must still be a year Postgres and RFC 3339 write with four digits.
  const utcYear = instant.getUTCFullYear();
  return utcYear >= 1 && utcYear <= 9999 ? instant.toISOString().replace('Z', `${finer}Z`) : undefined;
}

function daysInMonth(year: number, month: number): number {
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0);
  return lastDay.getUTCDate();
}

/**
 * An optional ISO 8601 date-time property, turned into RFC 3339 in UTC before validation (a value that is
 * not one stays as sent and is refused), documented as the string it accepts.
 */
export const IsoDateTime = (description: string) =>
  applyDecorators(
    Transform(({ value }) => isoDateTimeToUtc(value) ?? value),
    ValidateBy({ name: 'isoDateTime', validator: { validate: (value) => isoDateTimeToUtc(value) !== undefined, defaultMessage: () => ISO_DATE_TIME_MESSAGE } }),
    ApiProperty({
      type: 'string',
      required: false,
      description: `${description}; an ISO 8601 date-time in the extended or basic format, to the minute or finer, with Z or an offset (±hh, ±hhmm, ±hh:mm), or without one for UTC, e.g. 2026-09-18T10:15:00Z or 20260918T1015+0200`,
    }),
  );
