// What a bearer token must be beyond its signature, `iss`, `exp` and `nbf` (which passport-jwt checks):
// the header of an access token of ours (RFC 9068, RFC 7515 `crit`) and the claims RFC 8725 asks a
// recipient to hold to. Each function answers why a token is refused, or undefined.
import { ProtectedHeaderParameters } from 'jose';
import { AccessTokenClaims } from '../model/access-token';
import { CLOCK_SKEW_SECONDS, MAX_ACCESS_TOKEN_TTL_SECONDS } from '../auth.options';

const ACCEPTED_TYPES = new Set(['at+jwt', 'application/at+jwt']);

export function headerProblem(header: ProtectedHeaderParameters): string | undefined {
  if (header.alg !== 'RS256') return 'The token must be signed with RS256.';
  if (typeof header.typ !== 'string' || !ACCEPTED_TYPES.has(header.typ.toLowerCase())) return 'The token is not an access token (typ at+jwt).';
  if (typeof header.kid !== 'string' || header.kid.length === 0 || header.kid.length > 200) return 'The token names no signing key.';
  // RFC 7515 section 4.1.11: extensions named in `crit` must be understood; this gateway understands none.
  if ('crit' in header) return 'The token requires header extensions (crit) this gateway does not understand.';
  return undefined;
}

export function claimsProblem(claims: Partial<AccessTokenClaims>, expectedAudience: string, nowSeconds = Date.now() / 1000): string | undefined {
  // A token naming any audience besides ours is meant for someone else too: refused (RFC 8725 section 3.9).
  const audiences: unknown[] = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (audiences.length === 0 || audiences.some((aud) => aud !== expectedAudience)) return 'The token is not meant for this gateway.';
  if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number') return 'The token does not say when it was issued.';
  if (claims.iat > nowSeconds + CLOCK_SKEW_SECONDS) return 'The token was issued in the future.';
  if (claims.exp - claims.iat > MAX_ACCESS_TOKEN_TTL_SECONDS) return 'The token lives longer than this issuer grants.';
  return undefined;
}
