// Reading a token request (RFC 6749 sections 2.3.1, 3.1 and 3.2): the content type, the form, and the
// client's credentials from the Authorization header (client_secret_basic) or the form (client_secret_post).
// What is malformed is an invalid_request here; whether the credentials are right is the use case's.
import { ClientCredentials, TokenRequest } from '../use-cases/token-endpoint.service';
import { invalidRequest } from '../model/oauth-error';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** RFC 6749 appendix A: client_id and client_secret are *VSCHAR (%x20-7E). Nothing else reaches SQL or the hash. */
const VSCHAR = /^[\x20-\x7E]+$/;

/** The parsed form as sent: each field's values, a field sent twice as an array. Nothing is judged yet. */
type FormFields = Record<string, unknown>;

export interface TokenHttpRequest {
  contentType: string | undefined;
  authorization: string | undefined;
  body: unknown;
  address: string;
}

export function parseTokenRequest(request: TokenHttpRequest): TokenRequest {
  // A body of another type is refused before anything else (it cannot be read); a request without one
  // is an empty form, so its Basic credentials are judged first like any other's (spec 4.2 rule 5).
  if (request.contentType !== undefined && !/^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.contentType)) {
    throw invalidRequest('The token request must be sent as application/x-www-form-urlencoded.');
  }
  const form = formFields(request.body);
  return { credentials: credentials(request.authorization, form), address: request.address, field: (name) => single(form, name) };
}

function formFields(body: unknown): FormFields {
  return body && typeof body === 'object' ? (body as FormFields) : {};
}

/**
 * One known field of the form: at most once, and a field sent without a value is treated as omitted
 * (RFC 6749 section 3.1). Only the fields the endpoint reads are judged, each when it is read: unknown
 * fields are ignored whatever they hold (section 3.2), and the grant's fields only after authentication.
 */
function single(form: FormFields, name: string): string | undefined {
  if (!Object.hasOwn(form, name)) return undefined;
  const value = form[name];
  if (typeof value !== 'string') throw invalidRequest(`${name} must be sent once.`);
  return value === '' ? undefined : value;
}

/** application/x-www-form-urlencoded decoding of one value: '+' is a space, then percent-decoding. */
function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

/**
 * The only form values that reach SQL (the lockout lookup, the client lookup) or the secret hash are the
 * client credentials: refused here unless VSCHAR, so a NUL or a control character never gets that far
 * (their length is bounded by the body and header limits; a long one is an unknown client or a wrong
 * secret). grant_type is only compared with a literal and scope is checked against its grammar.
 */
function checked(clientId: string, clientSecret: string, method: ClientCredentials['method']): ClientCredentials {
  if (!VSCHAR.test(clientId)) throw invalidRequest('client_id must consist of printable ASCII characters (%x20-7E).');
  if (!VSCHAR.test(clientSecret)) throw invalidRequest('client_secret must consist of printable ASCII characters (%x20-7E).');
  return { method, clientId, clientSecret };
}

/**
 * One authentication method (RFC 6749 section 2.3.1). A client_id in the body beside Basic credentials
 * is not a second method (section 3.2.1 lets a client send it) as long as it names the same client.
 */
function credentials(authorization: string | undefined, form: FormFields): ClientCredentials {
  const bodyClientId = single(form, 'client_id');
  const bodyClientSecret = single(form, 'client_secret');
  if (authorization !== undefined) {
    if (bodyClientSecret !== undefined)
      throw invalidRequest('Client credentials were sent by both client_secret_basic and client_secret_post; use one method.');
    const basic = basicCredentials(authorization);
    if (bodyClientId !== undefined && bodyClientId !== basic.clientId)
      throw invalidRequest('The client_id in the body names another client than the Basic credentials.');
    return basic;
  }
  if (bodyClientId === undefined && bodyClientSecret === undefined)
    throw invalidRequest('No client credentials were sent: use client_secret_basic or client_secret_post.');
  if (bodyClientId === undefined) throw invalidRequest('client_id is required.');
  if (bodyClientSecret === undefined) throw invalidRequest('client_secret is required.');
  return checked(bodyClientId, bodyClientSecret, 'client_secret_post');
}

function basicCredentials(authorization: string): ClientCredentials {
  const match = /^Basic +(\S+)$/i.exec(authorization);
  if (!match) throw invalidRequest('The Authorization header of a token request must use the Basic scheme.');
  if (!BASE64.test(match[1])) throw invalidRequest('The Basic credentials are not valid base64.');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidRequest('The Basic credentials must be base64 of client_id:client_secret.');
  let clientId: string;
  let clientSecret: string;
  try {
    clientId = formDecode(decoded.slice(0, colon));
    clientSecret = formDecode(decoded.slice(colon + 1));
  } catch {
    throw invalidRequest('The Basic credentials are not validly form-urlencoded.');
  }
  if (!clientId || !clientSecret) throw invalidRequest('The Basic credentials must carry both client_id and client_secret.');
  return checked(clientId, clientSecret, 'client_secret_basic');
}
