// The token-minting comparison: oidc-provider (the npm package) as an authorization server doing what the
// gateway's token endpoint does for the bench's minting client: the client credentials grant with
// client_secret_post, answering an RS256-signed JWT access token (2048-bit key, as the gateway's).
// Its clients and grants live in memory (the package's default adapter); the gateway's in Postgres.
import { generateKeyPairSync } from 'node:crypto';
import Provider from 'oidc-provider';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is required`);
  return value;
};
const port = Number(env('OIDC_PROVIDER_PORT'));
const issuer = `http://127.0.0.1:${port}`;
const resource = 'urn:gateway:bench';
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: env('OIDC_CLIENT_ID'),
      client_secret: env('OIDC_CLIENT_SECRET'),
      grant_types: ['client_credentials'],
      redirect_uris: [],
      response_types: [],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  // The gateway's path, so that the scenario's one request goes to either server.
  routes: { token: '/oauth2/token' },
  jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig', kid: 'bench' }] },
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => resource,
      useGrantedResource: () => true,
      getResourceServerInfo: () => ({ scope: '', audience: resource, accessTokenFormat: 'jwt', accessTokenTTL: 900, jwt: { sign: { alg: 'RS256' } } }),
    },
  },
});

const server = provider.listen(port, '127.0.0.1', () => process.stdout.write(`oidc-provider listening on ${port}\n`));
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
