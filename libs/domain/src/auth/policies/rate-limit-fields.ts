// The RateLimit-Policy and RateLimit response fields of draft-ietf-httpapi-ratelimit-headers (structured
// fields: a List of one Item, the policy's name as a String with Integer parameters) and how the OpenAPI
// documents describe them.
import type { OpenAPIObject } from '@nestjs/swagger';
import { DEFAULT_API_RATE_LIMIT_PER_MINUTE } from '@gateway/platform';
import { QUOTA_WINDOW_SECONDS } from '../model/request-quota-options';

export const RATE_LIMIT_POLICY_FIELD = 'RateLimit-Policy';
export const RATE_LIMIT_FIELD = 'RateLimit';
/** The one policy: a client's requests per window. */
export const QUOTA_POLICY_NAME = 'default';

/** `"default";q=<quota>;w=<window seconds>`: the same on every answer of a gateway. */
export function rateLimitPolicyValue(quota: number, windowSeconds: number): string {
  return `"${QUOTA_POLICY_NAME}";q=${quota};w=${windowSeconds}`;
}

/** `"default";r=<units left>;t=<seconds until the window ends>`. */
export function rateLimitValue(remaining: number, resetSeconds: number): string {
  return `"${QUOTA_POLICY_NAME}";r=${remaining};t=${resetSeconds}`;
}

/** The field at the default quota, as the documents show it. */
const DEFAULT_POLICY_VALUE = rateLimitPolicyValue(DEFAULT_API_RATE_LIMIT_PER_MINUTE, QUOTA_WINDOW_SECONDS);

const HEADERS = {
  [RATE_LIMIT_POLICY_FIELD]: {
    description: `the client's request quota (draft-ietf-httpapi-ratelimit-headers): \`q\` requests per window of \`w\` seconds, shared by every request with a bearer token on both gateways, e.g. \`${DEFAULT_POLICY_VALUE}\`. Sent on every answer once the token is verified`,
    schema: { type: 'string', pattern: '^"default";q=\\d+;w=\\d+$' },
    example: DEFAULT_POLICY_VALUE,
  },
  [RATE_LIMIT_FIELD]: {
    description:
      'what is left of the quota: `r` requests in the current window, which ends in `t` seconds, e.g. `"default";r=5873;t=41`. Sent with RateLimit-Policy',
    schema: { type: 'string', pattern: '^"default";r=\\d+;t=\\d+$' },
    example: '"default";r=5873;t=41',
  },
};

const RETRY_AFTER = { description: 'seconds until the window ends and the quota is renewed', schema: { type: 'integer', minimum: 1 } };

/**
 * Every answer of an operation that takes a bearer token (`scheme`), but the 401 (no verified token, so
 * nothing counted), references the two fields; the 429 also has Retry-After.
 */
export function documentRateLimitFields(document: OpenAPIObject, scheme: string): OpenAPIObject {
  document.components = { ...document.components, headers: { ...document.components?.headers, ...HEADERS } };
  const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const) {
      const operation = item[method];
      if (!operation?.security?.some((requirement) => scheme in requirement)) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status === '401' || !response || '$ref' in response) continue;
        response.headers = {
          ...response.headers,
          ...(status === '429' ? { 'Retry-After': RETRY_AFTER } : {}),
          [RATE_LIMIT_POLICY_FIELD]: ref(RATE_LIMIT_POLICY_FIELD),
          [RATE_LIMIT_FIELD]: ref(RATE_LIMIT_FIELD),
        };
      }
    }
  }
  return document;
}
