// JSON bodies nested deeper than any operation needs are refused before they are parsed: recursion
// over a body a hundred thousand levels deep (validation, transformation) would exhaust the stack.
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in a JSON text (strings are skipped), or Infinity once past `limit`. */
export function jsonDepth(text: Buffer, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const byte = text[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (OPEN.has(byte)) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return Infinity;
    } else if (CLOSE.has(byte)) depth -= 1;
  }
  return deepest;
}

/** A `verify` hook for Express's JSON parser: a 400 body-parser error when the body is nested too deeply. */
export function refuseDeepJson(_req: unknown, _res: unknown, body: Buffer): void {
  if (jsonDepth(body) > MAX_JSON_DEPTH) {
    throw Object.assign(new Error('too deep'), { status: 400, statusCode: 400, expose: true, type: 'entity.too.deep' });
  }
}
