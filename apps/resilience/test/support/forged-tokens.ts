// The token attacks every gateway must refuse (401): each built from the issuer's real key or its
// published key set, so that only the one broken property makes the token invalid.
import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT, exportSPKI, generateKeyPair, importJWK } from 'jose';
import { ApiClientRepository, Database, SigningKeyRepository } from '@gateway/persistence';
import { SigningKeysService, parseKeyEncryptionKey } from '@gateway/domain';
import { TEST_KEY_ENCRYPTION_KEY, createTestClient, signTestToken } from '@gateway/testing';
import { tokenFor } from './world';

export interface Attack {
  name: string;
  token: string;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function tokenAttacks(issuerUrl: string, databaseUrl: string, audience: string, audienceKind: 'public' | 'internal'): Promise<Attack[]> {
  const db = new Database({ url: databaseUrl, poolMax: 1 });
  try {
    const key = await new SigningKeysService(db, new SigningKeyRepository(), { keyEncryptionKey: parseKeyEncryptionKey(TEST_KEY_ENCRYPTION_KEY) }).activeKey();
    const client = await createTestClient(databaseUrl, { type: 'SERVICE', audience: audienceKind });
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      client_id: client.clientId,
      client_type: 'SERVICE',
      iss: issuerUrl,
      sub: client.clientId,
      aud: audience,
      iat: now,
      nbf: now,
      exp: now + 600,
      jti: randomUUID(),
    };
    const sign = (payload: Record<string, unknown>, header: Record<string, unknown> = {}) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid, ...header }).sign(key.privateKey);

    const genuine = await sign(claims);
    const [header, , signature] = genuine.split('.');
    // HS256 keyed with the published public key: the classic algorithm-confusion attack.
    const jwks = (await (await fetch(`${issuerUrl}/.well-known/jwks.json`)).json()) as { keys: Record<string, unknown>[] };
    const publicPem = await exportSPKI((await importJWK(jwks.keys[0], 'RS256')) as Parameters<typeof exportSPKI>[0]);
    const hsHeader = b64({ alg: 'HS256', typ: 'at+jwt', kid: key.kid });
    const hsPayload = b64(claims);
    const hsSignature = createHmac('sha256', publicPem).update(`${hsHeader}.${hsPayload}`).digest('base64url');
    const stranger = await generateKeyPair('RS256');

    // A client revoked after its token was issued.
    const revokedToken = await tokenFor(issuerUrl, databaseUrl, { type: 'SERVICE', audience: audienceKind });
    const revokedId = JSON.parse(Buffer.from(revokedToken.split('.')[1], 'base64url').toString()).client_id as string;
    await new ApiClientRepository().revoke(db, revokedId);

    return [
      { name: 'alg none', token: `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(claims)}.` },
      { name: 'HS256 signed with the public key', token: `${hsHeader}.${hsPayload}.${hsSignature}` },
      { name: 'expired', token: await sign({ ...claims, iat: now - 7200, nbf: now - 7200, exp: now - 3600 }) },
      { name: 'not yet valid', token: await sign({ ...claims, nbf: now + 3600, exp: now + 7200 }) },
      { name: 'wrong issuer', token: await sign({ ...claims, iss: 'https://issuer.example' }) },
      { name: 'wrong audience', token: await sign({ ...claims, aud: 'https://someone-else.example' }) },
      {
        name: 'unknown kid',
        token: await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'unknown-kid' }).sign(stranger.privateKey),
      },
      {
        name: 'signed by another key with the real kid',
        token: await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid }).sign(stranger.privateKey),
      },
      { name: 'tampered payload', token: `${header}.${b64({ ...claims, client_id: 'someone-else', sub: 'someone-else' })}.${signature}` },
      { name: 'not an access token (typ JWT)', token: await sign(claims, { typ: 'JWT' }) },
      { name: 'revoked client', token: revokedToken },
      // RFC 7515 and RFC 8725: a header extension it must understand, a future iat, a lifetime longer than
      // the issuer grants, an audience besides this gateway's.
      {
        name: 'crit header',
        token: await signTestToken(databaseUrl, {
          issuer: issuerUrl,
          audience,
          clientId: client.clientId,
          header: { crit: ['urn:example:policy'], 'urn:example:policy': 'x' },
        }),
      },
      { name: 'iat in the future', token: await sign({ ...claims, iat: now + 600 }) },
      { name: 'lifetime over 3600 s', token: await sign({ ...claims, exp: now + 7200 }) },
      { name: 'an extra audience', token: await sign({ ...claims, aud: [audience, 'https://someone-else.example'] }) },
    ];
  } finally {
    await db.close();
  }
}
