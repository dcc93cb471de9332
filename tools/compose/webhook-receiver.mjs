// The scale test's webhook receiver, a container on the compose network (tools/compose/scale-test.yml).
// POST /hooks/...: a delivery, recorded by its webhook-id and answered 204 after RECEIVER_HOLD_MS. The test asks
// it to hold every delivery from one address (POST /hold?from=<address>) until that sender's connection closes
// (recorded as abandoned), POST /abandon?from=<address> (the test killed that sender: its held deliveries are
// recorded as abandoned and their connections closed, whether or not the close of the dead sender's connection
// ever reached this side) or POST /release. GET /receipts: every receipt so far;
// GET /in-flight: the deliveries not answered yet, with the sender's address and whether the hold keeps them (one
// that came before the hold is answered after RECEIVER_HOLD_MS all the same).
import { createServer } from 'node:http';

const holdMs = Number(process.env.RECEIVER_HOLD_MS ?? 100);
const maxBody = 64 * 1024;
const receipts = [];
const held = new Set();
let holdFrom = null;

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/receipts') return json(response, receipts);
  if (request.method === 'GET' && request.url === '/in-flight')
    return json(
      response,
      [...held].map(({ webhookId, from, receivedAt, holding }) => ({ webhookId, from, receivedAt, holding })),
    );
  if (request.method === 'POST' && request.url.startsWith('/hold?')) {
    holdFrom = new URL(request.url, 'http://receiver').searchParams.get('from');
    return json(response, { holding: holdFrom });
  }
  if (request.method === 'POST' && request.url.startsWith('/abandon?')) {
    const from = new URL(request.url, 'http://receiver').searchParams.get('from');
    const abandoned = [...held].filter((receipt) => receipt.from === from);
    for (const receipt of abandoned) receipt.abandon();
    return json(response, { abandoned: abandoned.map((receipt) => receipt.webhookId) });
  }
  if (request.method === 'POST' && request.url === '/release') {
    holdFrom = null;
    for (const receipt of held) receipt.release();
    return json(response, { holding: null });
  }
  if (request.method !== 'POST' || !request.url.startsWith('/hooks')) return json(response, { error: 'not found' }, 404);
  const chunks = [];
  let size = 0;
  request.on('data', (chunk) => {
    size += chunk.length;
    if (size > maxBody) request.destroy();
    else chunks.push(chunk);
  });
  request.on('end', () => {
    let data;
    try {
      data = JSON.parse(Buffer.concat(chunks).toString('utf8'))?.data;
    } catch {
      data = undefined;
    }
    const receipt = {
      webhookId: String(request.headers['webhook-id'] ?? ''),
      dataId: typeof data?.id === 'string' ? data.id : null,
      from: request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? null,
      receivedAt: Date.now(),
      answered: false,
      abandonedAt: null,
      holding: false,
    };
    receipts.push(receipt);
    held.add(receipt);
    const answer = () => {
      if (receipt.answered || receipt.abandonedAt !== null) return;
      held.delete(receipt);
      receipt.answered = true;
      response.writeHead(204).end();
    };
    receipt.holding = receipt.from === holdFrom;
    const timer = receipt.holding ? undefined : setTimeout(answer, holdMs);
    const abandon = () => {
      if (receipt.answered || receipt.abandonedAt !== null) return;
      clearTimeout(timer);
      held.delete(receipt);
      receipt.abandonedAt = Date.now();
      request.socket.destroy();
    };
    Object.defineProperty(receipt, 'release', { value: answer, enumerable: false });
    Object.defineProperty(receipt, 'abandon', { value: abandon, enumerable: false });
    response.on('close', abandon);
  });
});

function json(response, value, status = 200) {
  const body = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
}

server.listen(8080, '0.0.0.0', () => console.log(`webhook receiver listening on 8080, holding each delivery ${holdMs} ms`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
