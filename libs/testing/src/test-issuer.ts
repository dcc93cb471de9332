// A stand-alone authorization server for tests (the services the public gateway mounts, and its token
// endpoint's answer), on 127.0.0.1 and a free port, and real tokens from it.
import { randomUUID } from 'node:crypto';
import { Controller, HttpCode, Module, Post, Req, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { ApiClientRepository, Database, DatabaseModule, SigningKeyRepository, WebhookEndpointRepository } from '@gateway/persistence';
import { freePort } from '@gateway/dev-postgres';
import { ApiClientsService, AuthMethod, SigningKeysService, parseKeyEncryptionKey } from '@gateway/domain';
import { AuthorizationServerModule, TOKEN_ENDPOINT_HTTP, TokenEndpointService, answerTokenHttpRequest } from '@gateway/auth-server';
import { PublicRoute, configureGateway, createLogger } from '@gateway/platform';
import { TEST_KEY_ENCRYPTION_KEY } from './test-env-vars';

export interface TestIssuer {
  url: string;
  /** Requests the issuer received, by path: to count key-set fetches. */
  requests: Map<string, number>;
  close(): Promise<void>;
}

export interface TestIssuerOptions {
  /** The issuer's identity (`iss`, metadata) when it is not the URL it is served at. */
  issuerUrl?: string;
  accessTokenTtlSeconds?: number;
  tokensPerMinutePerClient?: number;
  failedAuthPerClient?: number;
  failedAuthPerAddress?: number;
}

/** POST /oauth2/token, answered as the public gateway's token controller answers it. */
@PublicRoute()
@Controller('oauth2')
class TestTokenController {
  constructor(private readonly tokens: TokenEndpointService) {}

  @Post('token')
  @HttpCode(200)
  token(@Req() req: Request, @Res() res: Response): Promise<void> {
    return answerTokenHttpRequest(this.tokens, req, res);
  }
}

export async function startTestIssuer(databaseUrl: string, options: TestIssuerOptions = {}): Promise<TestIssuer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  @Module({
    imports: [
      DatabaseModule.forRoot({ url: databaseUrl, poolMax: 5 }),
      AuthorizationServerModule.forRoot({
        issuer: options.issuerUrl ?? url,
        internalAudience: 'urn:gateway:internal',
        accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 900,
        keyEncryptionKey: parseKeyEncryptionKey(TEST_KEY_ENCRYPTION_KEY),
        rateLimits: {
          tokensPerMinutePerClient: options.tokensPerMinutePerClient ?? 100_000,
          failedAuthPerClient: options.failedAuthPerClient ?? 100_000,
          failedAuthPerAddress: options.failedAuthPerAddress ?? 100_000,
          failedAuthWindowSeconds: 900,
        },
      }),
    ],
    controllers: [TestTokenController],
  })
  class TestIssuerModule {}
  const app = await NestFactory.create<NestExpressApplication>(TestIssuerModule, { bodyParser: false, logger: false });
  const requests = new Map<string, number>();
  app.use((req: { path: string }, _res: unknown, next: () => void) => {
    requests.set(req.path, (requests.get(req.path) ?? 0) + 1);
    next();
  });
  configureGateway(app, {
    logger: createLogger({ name: 'test-issuer', level: 'silent' }),
    trustProxy: 0,
    ...TOKEN_ENDPOINT_HTTP,
    openApi: { title: 'test issuer', description: '', version: 'test' },
  });
  await app.listen(port, '127.0.0.1');
  return { url, requests, close: () => app.close() };
}

export type TestClientSpec =
  { type: 'USER'; userId: string } | { type: 'ORGANIZATION'; organizationId: string } | { type: 'CONNECTOR'; connectionIds: string[] } | { type: 'SERVICE' };

export interface TestClient {
  clientId: string;
  clientSecret: string;
}

/** Registers a client in the database, as `admin clients:create` does. */
export async function createTestClient(
  databaseUrl: string,
  spec: TestClientSpec & { audience?: 'public' | 'internal'; authMethod?: AuthMethod },
): Promise<TestClient> {
  const db = new Database({ url: databaseUrl, poolMax: 1 });
  try {
    const created = await new ApiClientsService(db, new ApiClientRepository(), new WebhookEndpointRepository()).create({
      clientType: spec.type,
      userId: spec.type === 'USER' ? spec.userId : undefined,
      organizationId: spec.type === 'ORGANIZATION' ? spec.organizationId : undefined,
      connectionIds: spec.type === 'CONNECTOR' ? spec.connectionIds : undefined,
      authMethod: spec.authMethod ?? 'client_secret_post',
      audience: spec.audience ?? 'public',
    });
    return { clientId: created.client_id, clientSecret: created.client_secret };
  } finally {
    await db.close();
  }
}

/** A real access token from the issuer's token endpoint for a new client. */
export async function createTestToken(
  issuer: Pick<TestIssuer, 'url'>,
  databaseUrl: string,
  spec: TestClientSpec & { audience?: 'public' | 'internal' },
): Promise<{ accessToken: string } & TestClient> {
  const client = await createTestClient(databaseUrl, spec);
  const response = await fetch(`${issuer.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }).toString(),
  });
  const body = (await response.json()) as { access_token?: string };
  if (response.status !== 200 || !body.access_token) throw new Error(`token request failed: ${response.status} ${JSON.stringify(body)}`);
  return { accessToken: body.access_token, ...client };
}

/** `keys:rotate`: a new active signing key; the others stay published. */
export async function rotateTestSigningKey(databaseUrl: string): Promise<void> {
  const db = new Database({ url: databaseUrl, poolMax: 1 });
  try {
    await new SigningKeysService(db, new SigningKeyRepository(), { keyEncryptionKey: parseKeyEncryptionKey(TEST_KEY_ENCRYPTION_KEY) }).rotate();
  } finally {
    await db.close();
  }
}

export interface SignedTokenSpec {
  /** `iss` and `aud` (an array for several audiences). */
  issuer: string;
  audience: string | string[];
  clientId: string;
  /** Claims and header members changed or added (`iat`, `exp`, `nbf` in seconds since the epoch). */
  claims?: Record<string, unknown>;
  header?: Record<string, unknown>;
}

/**
 * A SERVICE access token signed in the test process with the issuer's active signing key, as the token
 * endpoint would sign it (lifetime 600 s), with the given claims or header members changed.
 */
export async function signTestToken(databaseUrl: string, spec: SignedTokenSpec): Promise<string> {
  const db = new Database({ url: databaseUrl, poolMax: 1 });
  try {
    const key = await new SigningKeysService(db, new SigningKeyRepository(), { keyEncryptionKey: parseKeyEncryptionKey(TEST_KEY_ENCRYPTION_KEY) }).activeKey();
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: spec.issuer,
      sub: spec.clientId,
      aud: spec.audience,
      iat: now,
      nbf: now,
      exp: now + 600,
      jti: randomUUID(),
      client_id: spec.clientId,
      client_type: 'SERVICE',
      ...spec.claims,
    };
    // Signed by hand rather than by jose, which refuses to sign a header it would not accept (`crit`).
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signingInput = `${b64({ alg: 'RS256', typ: 'at+jwt', kid: key.kid, ...spec.header })}.${b64(claims)}`;
    const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key.privateKey, Buffer.from(signingInput));
    return `${signingInput}.${Buffer.from(signature).toString('base64url')}`;
  } finally {
    await db.close();
  }
}
