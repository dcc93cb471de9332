// Writes a JSON answer page by page, honouring back-pressure, so that a large answer is never held in
// memory whole (the inventory reads of both gateways).
//
// Neither a page nor its text is held while waiting: not for the client to drain the socket, not for the
// next page. Held across those waits (as `for await (const page of pages)` holds the last one), pages at a
// few hundred a second outlive the young generation and are promoted, and the old generation grows by
// whole answers between full collections (docs/decisions/scaling.md#the-footprint-per-replica). So the loop
// below clears what it has written before it suspends.
import type { Response } from 'express';
import type { PagedJson } from './json-chunks';

export async function sendJsonStream<P>(res: Response, { pages, writer }: PagedJson<P>, status = 200): Promise<void> {
  res.status(status).type('application/json');
  const iterator = pages[Symbol.asyncIterator]();
  let next: IteratorResult<P> | undefined;
  let text: string | undefined;
  try {
    let full = !res.write(writer.open());
    for (;;) {
      // A client that has gone away never drains: stop reading pages for it.
      if (full && !(await drained(res))) return void (await iterator.return?.());
      next = await iterator.next();
      if (next.done) break;
      text = writer.page(next.value);
      next = undefined;
      full = text !== '' && !res.write(text);
      text = undefined;
    }
    res.end(writer.close());
  } catch {
    // Headers are gone: the only honest signal left is a broken response.
    await iterator.return?.()?.catch(() => undefined);
    res.destroy();
  }
}

/** Once the response takes more (true), or has closed without draining (false). */
function drained(res: Response): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const settle = (value: boolean) => () => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(value);
    };
    const onDrain = settle(true);
    const onClose = settle(false);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}
