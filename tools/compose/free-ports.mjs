// Prints N free TCP ports on 127.0.0.1, space-separated (the compose smoke test publishes the gateways on them).
import { createServer } from 'node:net';

const count = Number(process.argv[2] ?? 1);
const servers = await Promise.all(
  Array.from(
    { length: count },
    () =>
      new Promise((resolve) => {
        const server = createServer();
        server.listen(0, '127.0.0.1', () => resolve(server));
      }),
  ),
);
console.log(servers.map((server) => server.address().port).join(' '));
await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
