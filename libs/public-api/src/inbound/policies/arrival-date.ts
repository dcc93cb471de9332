// expectedArrivalDate (contract 6.9): a full date (YYYY-MM-DD, a day that exists), today or later. "Today" is
// the earliest calendar day still current somewhere on Earth (UTC−12), so that a merchant west of UTC can
// announce for its own today late in its day.
import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';

const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const ARRIVAL_DATE_MESSAGE = 'must be a full date (YYYY-MM-DD) that exists, today or later';
const TWELVE_HOURS_MS = 12 * 3600_000;

/** Whether the value is a full date that exists. */
export function isFullDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = FULL_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The earliest date that is today somewhere (YYYY-MM-DD). */
export function earliestToday(now = Date.now()): string {
  return new Date(now - TWELVE_HOURS_MS).toISOString().slice(0, 10);
}

export const IsArrivalDate = (description: string, required: boolean) =>
  applyDecorators(
    ValidateBy({
      name: 'isArrivalDate',
      validator: { validate: (value) => isFullDate(value) && value >= earliestToday(), defaultMessage: () => ARRIVAL_DATE_MESSAGE },
    }),
    ApiProperty({ type: 'string', format: 'date', required, description, example: '2027-03-01' }),
  );
