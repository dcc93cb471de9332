// A TCP proxy in front of Postgres that counts, per listener label and per application_name, the round trips
// the clients make as the protocol counts them: each simple query ('Q') and each extended-protocol Sync ('S') is
// one (BEGIN and COMMIT sent apart count too), and the statements executed ('E' Execute, plus each 'Q'). It parses
// only the frontend's messages (type byte and length), forwards every byte unchanged both ways, and reads the
// startup message for application_name. TLS is not parsed: the connection is counted under 'tls' and forwarded.
// Used by tools/capacity-measure.mjs; `node tools/pg-wire-counter.mjs <postgres port>` runs it alone on a free port
// and prints its counts on SIGINT.
import { createConnection, createServer } from 'node:net';

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

/** Parses one connection's frontend bytes as they arrive; `count(kind)` is called for 'roundTrip' and 'statement'. */
class FrontendParser {
  constructor(onStartup, count) {
    this.onStartup = onStartup;
    this.count = count;
    this.buffer = Buffer.alloc(0);
    this.startup = true;
    this.opaque = false;
  }

  push(chunk) {
    if (this.opaque) return;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      if (this.startup) {
        if (this.buffer.length < 8) return;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) return;
        const code = this.buffer.readInt32BE(4);
        const body = this.buffer.subarray(8, length);
        this.buffer = this.buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          // The server's one-byte answer decides; a client that goes on to TLS is no longer parsed.
          this.awaitingEncryptionAnswer = true;
          continue;
        }
        if (code === CANCEL_REQUEST) return;
        this.startup = false;
        const parts = body.toString('utf8').split('\0');
        const parameters = {};
        for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i]) parameters[parts[i]] = parts[i + 1];
        this.onStartup(parameters);
        continue;
      }
      if (this.buffer.length < 5) return;
      const length = this.buffer.readInt32BE(1);
      if (this.buffer.length < 1 + length) return;
      const type = String.fromCharCode(this.buffer[0]);
      this.buffer = this.buffer.subarray(1 + length);
      if (type === 'Q') {
        this.count('roundTrip');
        this.count('statement');
      } else if (type === 'S') this.count('roundTrip');
      else if (type === 'E') this.count('statement');
    }
  }

  /** The server's answer to an SSLRequest/GSSENCRequest: 'S' or 'G' means encrypted from here on. */
  serverByte(byte) {
    if (!this.awaitingEncryptionAnswer) return;
    this.awaitingEncryptionAnswer = false;
    if (byte === 0x53 || byte === 0x47) {
      this.opaque = true;
      this.onStartup({ application_name: 'tls' });
    }
  }
}

/**
 * Starts one listener per label, each forwarding to `target` (`{ host, port }`). Answers `{ ports, counts(),
 * close() }`: `ports[label]` to connect to, and `counts()` a fresh object
 * `{ [label]: { [applicationName]: { roundTrips, statements, connections } } }`.
 */
export async function startWireCounter(target, labels) {
  const totals = {};
  const servers = [];
  const sockets = new Set();
  const ports = {};
  for (const label of labels) {
    totals[label] = {};
    const server = createServer((client) => {
      const upstream = createConnection(target);
      sockets.add(client).add(upstream);
      let entry = { roundTrips: 0, statements: 0, connections: 0 };
      const pending = [];
      const parser = new FrontendParser(
        (parameters) => {
          const name = parameters.application_name ?? '';
          totals[label][name] ??= { roundTrips: 0, statements: 0, connections: 0 };
          entry = totals[label][name];
          entry.connections += 1;
          for (const kind of pending.splice(0)) entry[kind === 'roundTrip' ? 'roundTrips' : 'statements'] += 1;
        },
        (kind) => (entry[kind === 'roundTrip' ? 'roundTrips' : 'statements'] += 1),
      );
      client.on('data', (chunk) => {
        parser.push(chunk);
        upstream.write(chunk);
      });
      upstream.on('data', (chunk) => {
        parser.serverByte(chunk[0]);
        client.write(chunk);
      });
      const end = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('close', end).on('error', end);
      upstream.on('close', end).on('error', end);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    ports[label] = server.address().port;
    servers.push(server);
  }
  return {
    ports,
    counts: () => structuredClone(totals),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    },
  };
}

/** Sums `counts()` of one label over its application names (or those `filter` keeps). */
export function sumCounts(counts, label, filter = () => true) {
  const sum = { roundTrips: 0, statements: 0 };
  for (const [name, c] of Object.entries(counts[label] ?? {})) {
    if (!filter(name)) continue;
    sum.roundTrips += c.roundTrips;
    sum.statements += c.statements;
  }
  return sum;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const postgres = Number(process.argv[2]);
  const counter = await startWireCounter({ host: '127.0.0.1', port: postgres }, ['proxy']);
  process.stderr.write(`[pg-wire-counter] 127.0.0.1:${counter.ports.proxy} -> 127.0.0.1:${postgres}\n`);
  process.on('SIGINT', async () => {
    process.stdout.write(`${JSON.stringify(counter.counts(), null, 2)}\n`);
    await counter.close();
    process.exit(0);
  });
}
