// What makes two requests "the same request" for an idempotency key: the operation, its path and its body.
import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so that the order of properties in a body does not matter. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestFingerprint(operation: string, path: string[], body: unknown): string {
  return createHash('sha256').update(canonical({ operation, path, body })).digest('hex');
}

/** Whether two JSON values are equal, whatever the order of their objects' properties. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a ?? null) === canonical(b ?? null);
}
