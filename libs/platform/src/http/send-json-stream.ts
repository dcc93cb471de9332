// Writes a JSON answer produced in chunks, honouring back-pressure, so that a large answer is never
// held in memory whole (the inventory reads of both gateways).
import { once } from 'node:events';
import type { Response } from 'express';

export async function sendJsonStream(res: Response, chunks: AsyncIterable<string>, status = 200): Promise<void> {
  res.status(status).type('application/json');
  try {
    for await (const chunk of chunks) {
      if (!res.write(chunk)) await once(res, 'drain');
    }
    res.end();
  } catch {
    // Headers are gone: the only honest signal left is a broken response.
    res.destroy();
  }
}
