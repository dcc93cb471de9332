import { once } from 'node:events';
import { get, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { JsonPageWriter, PagedJson } from './json-chunks';
import { sendJsonStream } from './send-json-stream';

/** Pages of `size` bytes each, `count` of them (endless if undefined); records how far it was read and whether it ended. */
function source(size: number, count?: number) {
  const state = { read: 0, ended: false };
  async function* pages() {
    try {
      for (; count === undefined || state.read < count; state.read++) yield 'x'.repeat(size);
    } finally {
      state.ended = true;
    }
  }
  return { state, pages: pages() };
}

function quoted(pages: AsyncIterable<string>): PagedJson<string> {
  let first = true;
  const writer: JsonPageWriter<string> = {
    open: () => '[',
    page: (page) => {
      const text = `${first ? '' : ','}"${page}"`;
      first = false;
      return text;
    },
    close: () => ']',
  };
  return { pages, writer };
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('sendJsonStream', () => {
  let server: Server;
  let answer: () => PagedJson<string>;
  let url: string;

  beforeAll(async () => {
    const app = express();
    app.get('/', (_req, res) => void sendJsonStream(res, answer()));
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('writes the opening, every page in order and the closing, as application/json', async () => {
    // Pages of 100 KB, so that the socket fills and the writer waits for it to drain.
    const { pages, state } = source(100_000, 40);
    answer = () => quoted(pages);
    const res = await new Promise<import('node:http').IncomingMessage>((resolve) => get(url, resolve));
    res.setEncoding('utf8');
    let body = '';
    for await (const chunk of res) body += chunk;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const parsed = JSON.parse(body) as string[];
    expect(parsed).toHaveLength(40);
    expect(parsed.every((page) => page.length === 100_000)).toBe(true);
    expect(state.ended).toBe(true);
  });

  it('stops reading pages and ends their source when the client goes away before draining', async () => {
    const { pages, state } = source(100_000);
    answer = () => quoted(pages);
    const res = await new Promise<import('node:http').IncomingMessage>((resolve) => get(url, resolve));
    // Read nothing, so that the server's socket fills; then leave.
    await waitFor(() => state.read > 0);
    res.destroy();
    await waitFor(() => state.ended);
    const readWhenEnded = state.read;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(state.read).toBe(readWhenEnded);
  });
});
