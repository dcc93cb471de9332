// Checks a parsed JSON body once, before any DTO sees it, for what no operation accepts anywhere in it:
// the NUL character (U+0000), which Postgres refuses in text and jsonb, in a string or a property name; a lone
// surrogate (JSON's "\uD800" without its pair), which is no character at all and would be stored as U+FFFD;
// and the property names "__proto__", "constructor" and "prototype": JSON.parse makes them own properties,
// but class-transformer drops or shadows them, so the refusal of unknown properties would not see them
// (no operation has a property of these names). Bodies are at most MAX_JSON_DEPTH deep (json-depth.ts).
import { ProblemFieldError, pointerToken } from '../problem/problem-details';

export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
const NUL_KEY_MESSAGE = 'is a property name containing the NUL character (U+0000)';
export const LONE_SURROGATE_MESSAGE = 'must be well-formed Unicode (a lone surrogate such as \\uD800 is not a character)';
const LONE_SURROGATE_KEY_MESSAGE = 'is a property name that is not well-formed Unicode (a lone surrogate)';
/** A surrogate not part of a pair: in a `u` expression, a well-formed pair is one code point and does not match. */
const LONE_SURROGATE = /\p{Surrogate}/u;
const UNKNOWN_PROPERTY_MESSAGE = 'is not a known property';
const OBJECT_MACHINERY = new Set(['__proto__', 'constructor', 'prototype']);

/** Every NUL character, lone surrogate and own `__proto__`, `constructor` or `prototype` property in a JSON value, each with its JSON pointer from `pointer`. */
export function findForbiddenJson(value: unknown, pointer = '', out: ProblemFieldError[] = []): ProblemFieldError[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push({ pointer, message: NUL_MESSAGE });
    if (LONE_SURROGATE.test(value)) out.push({ pointer, message: LONE_SURROGATE_MESSAGE });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => findForbiddenJson(item, `${pointer}/${index}`, out));
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const child = `${pointer}/${pointerToken(key)}`;
      if (key.includes('\u0000')) out.push({ pointer: child, message: NUL_KEY_MESSAGE });
      else if (LONE_SURROGATE.test(key)) out.push({ pointer: child, message: LONE_SURROGATE_KEY_MESSAGE });
      else if (OBJECT_MACHINERY.has(key)) out.push({ pointer: child, message: UNKNOWN_PROPERTY_MESSAGE });
      findForbiddenJson((value as Record<string, unknown>)[key], child, out);
    }
  }
  return out;
}
