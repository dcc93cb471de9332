// The reference authorization server of the token endpoint's differential test: oidc-provider (ESM only)
// run as a child process on loopback, with the clients given as JSON in argv[2]. It prints one line,
// {"url": ...}, once it listens, and stops when its parent closes stdin or disconnects.
import Provider from 'oidc-provider';

const clients = JSON.parse(process.argv[2]);
const provider = new Provider('http://127.0.0.1/reference', {
  clients: clients.map((client) => ({
    client_id: client.clientId,
    client_secret: client.clientSecret,
    token_endpoint_auth_method: client.authMethod,
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
  })),
  clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
  features: { clientCredentials: { enabled: true }, devInteractions: { enabled: false } },
  routes: { token: '/oauth2/token' },
});
const server = provider.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.stdin.on('end', stop);
process.stdin.resume();
process.on('disconnect', stop);
