// Records every answer an app under test gives, so that a test file can check all of them against the
// served OpenAPI document when it closes the app: the document cannot drift from the behaviour.
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { OpenApiValidator } from './openapi-validator';

interface Recorded {
  method: string;
  template: string;
  status: number;
  contentType: string;
  body: string;
}

type Res = {
  statusCode: number;
  getHeader(name: string): unknown;
  write: (...args: unknown[]) => boolean;
  end: (...args: unknown[]) => unknown;
  on(event: 'finish', listener: () => void): void;
};
type Req = { method: string; route?: { path?: string }; baseUrl?: string };

export class ResponseRecorder {
  private readonly recorded: Recorded[] = [];

  constructor(app: INestApplication) {
    app.use((req: Req, res: Res, next: () => void) => {
      const chunks: Buffer[] = [];
      const keep = (chunk: unknown) => {
        if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
      };
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      res.write = (...args: unknown[]) => {
        keep(args[0]);
        return write(...args);
      };
      res.end = (...args: unknown[]) => {
        keep(args[0]);
        return end(...args);
      };
      res.on('finish', () => {
        const route = req.route?.path;
        if (!route) return;
        this.recorded.push({
          method: req.method,
          template: `${req.baseUrl ?? ''}${route}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
          status: res.statusCode,
          contentType: String(res.getHeader('content-type') ?? '').split(';')[0],
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
      next();
    });
  }

  get count(): number {
    return this.recorded.length;
  }

  /**
   * Reads the served document, closes the app, then fails if any recorded answer does not match it.
   * The document comes over a fresh connection (supertest), never a pooled keep-alive socket of the
   * process-wide fetch pool, which a server closed earlier in the same test worker may have reset.
   */
  async closeAndCheck(app: INestApplication): Promise<void> {
    const document = (await request(app.getHttpServer()).get('/openapi.json').expect(200)).body as Record<string, unknown>;
    await app.close();
    const violations = this.violations(document);
    if (violations.length > 0) throw new Error(`answers that do not match the OpenAPI document:\n${violations.join('\n')}`);
  }

  /** Every recorded JSON answer of a documented operation that does not match the document. */
  violations(document: Record<string, unknown>): string[] {
    const validator = new OpenApiValidator(document);
    const paths = document.paths as Record<string, Record<string, unknown>>;
    const out: string[] = [];
    for (const r of this.recorded) {
      if (!paths[r.template]?.[r.method.toLowerCase()] || !/json$/.test(r.contentType)) continue;
      const errors = validator.errors(r.method, r.template, r.status, JSON.parse(r.body), r.contentType);
      if (errors.length > 0) out.push(`${r.method} ${r.template} ${r.status}: ${errors.join('; ')}`);
    }
    return out;
  }
}
