// What a paged read's sealed cursor holds, checked field by field when it is opened (CursorSealer.open): a
// cursor of another shape (an older version of the read) is refused like a forged one.
type FieldCheck = (value: unknown) => boolean;

const isString: FieldCheck = (value) => typeof value === 'string';

/** The checks a cursor's fields are built from. */
export const cursorField = {
  string: isString,
  boolean: ((value) => typeof value === 'boolean') as FieldCheck,
  number: ((value) => typeof value === 'number') as FieldCheck,
  safeInteger: ((value) => Number.isSafeInteger(value)) as FieldCheck,
  /** A bigint sequence written as its digits. */
  digits: ((value) => isString(value) && /^\d{1,19}$/.test(value as string)) as FieldCheck,
  strings: ((value) => Array.isArray(value) && value.every(isString)) as FieldCheck,
  nullable:
    (check: FieldCheck): FieldCheck =>
    (value) =>
      value === null || check(value),
};

/** The guard CursorSealer.open takes: an object whose every field passes its check. */
export function cursorShape<T extends object>(fields: { [K in keyof T]-?: FieldCheck }): (value: unknown) => value is T {
  const checks = Object.entries(fields) as [string, FieldCheck][];
  return (value: unknown): value is T =>
    typeof value === 'object' && value !== null && checks.every(([name, check]) => check((value as Record<string, unknown>)[name]));
}
