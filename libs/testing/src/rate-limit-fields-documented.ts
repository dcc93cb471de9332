// Whether a served OpenAPI document describes the request quota's fields where the gateway sends them:
// RateLimit-Policy and RateLimit on every answer of a bearer operation but its 401, Retry-After on its
// 429 too, and no RateLimit field on any other operation (the token endpoint's limits are its own).
type Responses = Record<string, { headers?: Record<string, unknown> }>;
type Paths = Record<string, Record<string, { security?: Record<string, unknown>[]; responses: Responses }>>;

const FIELDS = { 'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' }, RateLimit: { $ref: '#/components/headers/RateLimit' } };
const RETRY_AFTER = { description: 'seconds until the window ends and the quota is renewed', schema: { type: 'integer', minimum: 1 } };
const COMPONENTS = {
  'RateLimit-Policy': { type: 'string', pattern: '^"default";q=\\d+;w=\\d+$' },
  RateLimit: { type: 'string', pattern: '^"default";r=\\d+;t=\\d+$' },
};

/** Every answer that does not say what it should (empty when all do), and how many answers describe the fields. */
export function rateLimitFieldsDocumented(document: Record<string, unknown>): { violations: string[]; described: number } {
  const violations: string[] = [];
  let described = 0;
  const headers = (document.components as { headers?: Record<string, { schema?: unknown }> } | undefined)?.headers;
  for (const [name, schema] of Object.entries(COMPONENTS)) {
    if (JSON.stringify(headers?.[name]?.schema) !== JSON.stringify(schema)) violations.push(`components.headers.${name}: ${JSON.stringify(headers?.[name])}`);
  }
  for (const [path, methods] of Object.entries((document.paths ?? {}) as Paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const bearer = operation.security?.some((requirement) => 'bearer' in requirement) ?? false;
      for (const [status, response] of Object.entries(operation.responses)) {
        const counted = bearer && status !== '401';
        const expected = counted ? (status === '429' ? { 'Retry-After': RETRY_AFTER, ...FIELDS } : FIELDS) : {};
        const actual = Object.fromEntries(
          Object.entries(response.headers ?? {}).filter(([name]) => name.startsWith('RateLimit') || (counted && status === '429' && name === 'Retry-After')),
        );
        if (JSON.stringify(actual) !== JSON.stringify(expected)) violations.push(`${method} ${path} ${status}: ${JSON.stringify(actual)}`);
        if (counted) described++;
      }
    }
  }
  return { violations, described };
}
