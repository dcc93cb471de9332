import { createServer } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { ResponseRecorder, checkedAnswersShortfall, expectCheckedAnswers } from './response-recorder';

type Handler = (req: unknown, res: unknown, next: () => void) => void;

const document = {
  openapi: '3.1.0',
  paths: {
    '/v0/things/{thingId}': {
      get: {
        responses: {
          200: { content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } } },
        },
      },
    },
  },
};

/** An app whose answers the recorder sees: `answer` plays one through its middleware; it serves `document`. */
function fakeApp() {
  let middleware: Handler | undefined;
  const app = {
    use: (handler: Handler) => (middleware = handler),
    getHttpServer: () => createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify(document))),
    close: async () => undefined,
  } as unknown as INestApplication;
  const answer = (method: string, route: string, status: number, body: string, contentType = 'application/json') => {
    let finish = () => undefined as void;
    const res = {
      statusCode: status,
      getHeader: () => contentType,
      write: (..._chunks: unknown[]) => true,
      end: (..._chunks: unknown[]) => undefined as unknown,
      on: (_event: string, listener: () => void) => (finish = listener),
    };
    middleware?.({ method, route: { path: route }, baseUrl: '' }, res, () => undefined);
    res.end(body);
    finish();
  };
  return { app, answer };
}

describe('ResponseRecorder', () => {
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).__gatewayCheckedAnswers;
  });

  it('checks the JSON answers of documented operations and counts them', () => {
    const { app, answer } = fakeApp();
    const recorder = new ResponseRecorder(app);
    answer('GET', '/v0/things/:thingId', 200, '{"id":"a"}');
    answer('GET', '/v0/things/:thingId', 200, '{"name":"a"}');
    expect(recorder.violations(document)).toEqual(["GET /v0/things/{thingId} 200: / must have required property 'id'"]);
    expect(recorder.checked).toBe(2);
  });

  it('names an answer of a route the document lacks, but not of the routes served outside it on purpose', () => {
    const { app, answer } = fakeApp();
    const recorder = new ResponseRecorder(app);
    answer('GET', '/v0/widgets', 200, '[]');
    answer('GET', '/health/live', 200, '{"status":"ok"}');
    answer('GET', '/.well-known/jwks.json', 200, '{"keys":[]}');
    answer('GET', '/problems/:slug', 200, '<html></html>', 'text/html');
    answer('GET', '/openapi.json', 200, '{}');
    expect(recorder.violations(document)).toEqual(['GET /v0/widgets 200: answered by a route the document lacks']);
    expect(recorder.checked).toBe(0);
  });

  it("fails a test file whose recorders checked fewer answers than the file's minimum", async () => {
    const quiet = fakeApp();
    quiet.answer('GET', '/health/live', 200, '{"status":"ok"}');
    await new ResponseRecorder(quiet.app).closeAndCheck(quiet.app);
    expect(checkedAnswersShortfall()).toMatch(/checked 0 answer\(s\) of 1 gateway\(s\), fewer than 1/);
    expectCheckedAnswers(0);
    expect(checkedAnswersShortfall()).toBeUndefined();
  });

  it('counts the answers every recorder of the file checked', async () => {
    expectCheckedAnswers(2);
    for (const id of ['a', 'b']) {
      const { app, answer } = fakeApp();
      const recorder = new ResponseRecorder(app);
      answer('GET', '/v0/things/:thingId', 200, `{"id":"${id}"}`);
      await recorder.closeAndCheck(app);
    }
    expect(checkedAnswersShortfall()).toBeUndefined();
  });
});
