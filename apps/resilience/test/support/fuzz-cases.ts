// Turns an operation and its valid request into an arbitrary of hostile requests: one to three parts of
// the request (path, query, headers, body) replaced by hostile input, the rest left valid so that the
// hostile part is what the gateway has to judge.
import fc from 'fast-check';
import { RawRequest } from './http';
import { hostileContentType, hostileHeaderValue, hostileQueryValue, hostileSegment, hostileValue, mutateJson, rawBody } from './hostile';
import { Operation, ValidRequest, baseHeaders, encodedBody, fillPath, queryString } from './operations';

export interface FuzzCase extends RawRequest {
  /** What was made hostile, for the failure report. */
  label: string;
}

interface Parts {
  path: Record<string, string>;
  query: Record<string, string>;
  rawQuery: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  labels: string[];
}

type Mutation = (parts: Parts) => Parts;

/** Any JSON value as form text: strings as they are, the rest as JSON. */
const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** Authorization header values: mostly the valid token (so that validation is reached), else broken ones. */
function authorization(token: string): fc.Arbitrary<[string, string | undefined]> {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  return fc.constantFrom<[string, string | undefined]>(
    ['no Authorization', undefined],
    ['Bearer without a token', 'Bearer'],
    ['Bearer garbage', 'Bearer not.a.jwt'],
    ['alg none', `Bearer ${base64url(JSON.stringify({ alg: 'none', typ: 'at+jwt' }))}.${payload}.`],
    ['tampered payload', `Bearer ${header}.${base64url(JSON.stringify({ ...claims, client_type: 'SERVICE', sub: 'someone-else' }))}.${signature}`],
    ['truncated signature', `Bearer ${header}.${payload}.${signature.slice(0, 10)}`],
    ['Basic scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['two tokens', `Bearer ${token}, Bearer ${token}`],
    ['lower-case scheme', `bearer ${token}`],
    ['token with spaces', `Bearer  ${token} `],
  );
}

function mutations(op: Operation, valid: ValidRequest, token: string): fc.Arbitrary<Mutation>[] {
  const list: fc.Arbitrary<Mutation>[] = [];
  const params = Object.keys(valid.path);
  if (params.length > 0) {
    list.push(
      fc
        .tuple(fc.constantFrom(...params), hostileSegment)
        .map(([name, value]) => (p: Parts) => ({ ...p, path: { ...p.path, [name]: value }, labels: [...p.labels, `path ${name}=${value.slice(0, 60)}`] })),
    );
  }
  const queryNames = [...Object.keys(valid.query ?? {}), 'limit', 'cursor', 'unknown'];
  list.push(
    fc
      .tuple(fc.constantFrom(...queryNames), hostileQueryValue)
      .map(([name, value]) => (p: Parts) => ({ ...p, query: { ...p.query, [name]: value }, labels: [...p.labels, `query ${name}=${value.slice(0, 60)}`] })),
    fc
      .constantFrom('limit=1&limit=2', 'organizationId[]=x', 'organizationId[a]=b', '%zz=1', '=', '&&&', 'a'.repeat(9000))
      .map((extra) => (p: Parts) => ({ ...p, rawQuery: extra, labels: [...p.labels, `raw query ${extra.slice(0, 40)}`] })),
  );
  if (!op.open) {
    list.push(
      authorization(token).map(([label, value]) => (p: Parts) => {
        const headers = { ...p.headers };
        if (value === undefined) delete headers.authorization;
        else headers.authorization = value;
        return { ...p, headers, labels: [...p.labels, label] };
      }),
    );
  }
  list.push(
    fc
      .tuple(fc.constantFrom('idempotency-key', 'x-request-id', 'accept', 'accept-encoding', 'x-forwarded-for', 'cookie'), hostileHeaderValue)
      .map(([name, value]) => (p: Parts) => ({
        ...p,
        headers: { ...p.headers, [name]: value },
        labels: [...p.labels, `header ${name}=${value.slice(0, 40)} (${value.length} chars)`],
      })),
  );
  if (valid.body !== undefined) {
    list.push(
      mutateJson(valid.body).map((body) => (p: Parts) => ({
        ...p,
        body: body === undefined ? undefined : JSON.stringify(body),
        labels: [...p.labels, `body ${String(JSON.stringify(body)).slice(0, 120)}`],
      })),
    );
  }
  if (valid.form !== undefined) {
    list.push(
      fc
        .tuple(fc.constantFrom('grant_type', 'client_id', 'client_secret', 'scope', 'extra'), fc.oneof(fc.constant(undefined), hostileValue.map(asText)))
        .map(([name, value]) => (p: Parts) => {
          const form = new URLSearchParams(p.body?.toString() ?? '');
          if (value === undefined) form.delete(name);
          else form.set(name, value);
          return { ...p, body: form.toString(), labels: [...p.labels, `form ${name}=${String(value).slice(0, 60)}`] };
        }),
      fc
        .constantFrom('grant_type', 'client_id', 'client_secret')
        .map((name) => (p: Parts) => ({ ...p, body: `${p.body?.toString() ?? ''}&${name}=again`, labels: [...p.labels, `form ${name} twice`] })),
      fc
        .oneof(
          hostileHeaderValue.map((v) => `Basic ${v}`),
          hostileHeaderValue.map((v) => `Basic ${Buffer.from(v, 'latin1').toString('base64')}`),
        )
        .map((value) => (p: Parts) => ({
          ...p,
          headers: { ...p.headers, authorization: value },
          labels: [...p.labels, `Authorization ${value.slice(0, 60)}`],
        })),
    );
  }
  list.push(
    rawBody.map((body) => (p: Parts) => ({ ...p, body, labels: [...p.labels, `raw body ${body.toString().slice(0, 60)} (${body.length} bytes)`] })),
    hostileContentType.map((type) => (p: Parts) => {
      const headers = { ...p.headers };
      if (type === undefined) delete headers['content-type'];
      else headers['content-type'] = type;
      return { ...p, headers, labels: [...p.labels, `content-type ${type}`] };
    }),
  );
  return list;
}

export function fuzzCases(op: Operation, valid: ValidRequest, token: string): fc.Arbitrary<FuzzCase> {
  const start: Parts = {
    path: valid.path,
    query: valid.query ?? {},
    rawQuery: '',
    headers: baseHeaders(op, valid, token),
    body: encodedBody(valid),
    labels: [],
  };
  return fc.tuple(fc.array(fc.oneof(...mutations(op, valid, token)), { minLength: 1, maxLength: 3 }), fc.uuid()).map(([chosen, uuid]) => {
    const parts = chosen.reduce((p, mutate) => mutate(p), start);
    // A key of its own per case, unless the case is about the key: otherwise every case would replay the first.
    const key = valid.headers?.['idempotency-key'];
    if (key !== undefined && parts.headers['idempotency-key'] === key) parts.headers = { ...parts.headers, 'idempotency-key': `k-${uuid}` };
    const query = queryString(parts.query);
    const path = fillPath(op.template, parts.path) + (parts.rawQuery ? `${query ? `${query}&` : '?'}${parts.rawQuery}` : query);
    const headers = { ...parts.headers };
    if (parts.body !== undefined) headers['content-length'] = String(Buffer.byteLength(parts.body));
    return { method: op.method, path, headers, body: parts.body, label: parts.labels.join(' | ') };
  });
}
