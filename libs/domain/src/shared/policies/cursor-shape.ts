// What a paged read's sealed cursor holds, checked field by field when it is opened (CursorSealer.open): a
// cursor of another shape (an older version of the read) is refused like a forged one. The cursor's type is
// the shape's (CursorOf), so that a read states its fields once.
type FieldCheck<T> = (value: unknown) => value is T;

const isString = (value: unknown): value is string => typeof value === 'string';

/** The checks a cursor's fields are built from. */
export const cursorField = {
  string: isString,
  boolean: (value: unknown): value is boolean => typeof value === 'boolean',
  number: (value: unknown): value is number => typeof value === 'number',
  safeInteger: (value: unknown): value is number => Number.isSafeInteger(value),
  /** A bigint sequence written as its digits. */
  digits: (value: unknown): value is string => isString(value) && /^\d{1,19}$/.test(value),
  strings: (value: unknown): value is string[] => Array.isArray(value) && value.every(isString),
  nullable:
    <T>(check: FieldCheck<T>): FieldCheck<T | null> =>
    (value): value is T | null =>
      value === null || check(value),
};

/** The value a cursor shape admits. */
export type CursorOf<S> = S extends FieldCheck<infer T> ? T : never;

/** The object whose every field passes its check. */
type Shaped<F> = { [K in keyof F]: F[K] extends FieldCheck<infer T> ? T : never };

/** The guard CursorSealer.open takes: an object whose every field passes its check. */
export function cursorShape<F extends Record<string, FieldCheck<unknown>>>(fields: F): FieldCheck<Shaped<F>> {
  const checks = Object.entries(fields);
  return (value: unknown): value is Shaped<F> =>
    typeof value === 'object' && value !== null && checks.every(([name, check]) => check((value as Record<string, unknown>)[name]));
}
