// Records every answer an app under test gives, so that a test file can check all of them against the
// served OpenAPI document when it closes the app: the document cannot drift from the behaviour. An answer of a
// route the document lacks is a violation unless the route is one that is served outside the document on
// purpose (health, discovery, problem pages, the documents themselves), and each test file must have checked
// at least a minimum of answers (one, unless it says otherwise with `expectCheckedAnswers`), so that the
// check cannot check nothing and pass.
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

/** Routes served outside the OpenAPI document on purpose: answers of theirs are recorded but not checked. */
export const UNDOCUMENTED_ROUTES: readonly RegExp[] = [
  /^\/health\/(live|ready)$/,
  /^\/\.well-known\/[\w.-]+$/,
  /^\/problems(\/\{slug\})?$/,
  /^\/openapi\.(json|yaml)$/,
  /^\/docs(\/|$)/,
];

/** What every recorder of the running test file checked, kept on the file's global (jest gives each file its own). */
interface CheckedAnswers {
  recorders: number;
  checked: number;
  minimum: number;
}
const TALLY = '__gatewayCheckedAnswers';

function fileTally(): CheckedAnswers {
  const holder = globalThis as unknown as Record<string, CheckedAnswers | undefined>;
  return (holder[TALLY] ??= { recorders: 0, checked: 0, minimum: 1 });
}

/**
 * The fewest answers the recorders of this test file must have checked against the document, all closed (1 by
 * default): 0 for a file whose gateways serve no documented answer (health, raw connections).
 */
export function expectCheckedAnswers(minimum: number): void {
  fileTally().minimum = minimum;
}

/** The test file's shortfall, once every test and hook of it has run (`response-recorder-minimum.cjs`), or undefined. */
export function checkedAnswersShortfall(): string | undefined {
  const tally = fileTally();
  if (tally.recorders === 0 || tally.checked >= tally.minimum) return undefined;
  return `the OpenAPI check of this file's answers checked ${tally.checked} answer(s) of ${tally.recorders} gateway(s), fewer than ${tally.minimum}: a check of nothing passes whatever the gateway answers (expectCheckedAnswers(0) if the file means it)`;
}

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

  /** Answers checked against the document so far (a JSON answer of a documented operation). */
  checked = 0;

  /**
   * Reads the served document, closes the app, then fails if any recorded answer does not match it.
   * The document comes over a fresh connection (supertest), never a pooled keep-alive socket of the
   * process-wide fetch pool, which a server closed earlier in the same test worker may have reset.
   */
  async closeAndCheck(app: INestApplication): Promise<void> {
    const document = (await request(app.getHttpServer()).get('/openapi.json').expect(200)).body as Record<string, unknown>;
    await app.close();
    const violations = this.violations(document);
    const tally = fileTally();
    tally.recorders += 1;
    tally.checked += this.checked;
    if (violations.length > 0) throw new Error(`answers that do not match the OpenAPI document:\n${violations.join('\n')}`);
  }

  /**
   * Every recorded JSON answer of a documented operation that does not match the document, and every answer of a
   * route that is neither in the document nor in UNDOCUMENTED_ROUTES. Counts the answers checked (`checked`).
   */
  violations(document: Record<string, unknown>): string[] {
    const validator = new OpenApiValidator(document);
    const paths = document.paths as Record<string, Record<string, unknown>>;
    const out: string[] = [];
    this.checked = 0;
    for (const r of this.recorded) {
      if (!paths[r.template]?.[r.method.toLowerCase()]) {
        if (!UNDOCUMENTED_ROUTES.some((route) => route.test(r.template)))
          out.push(`${r.method} ${r.template} ${r.status}: answered by a route the document lacks`);
        continue;
      }
      if (!/json$/.test(r.contentType)) continue;
      this.checked += 1;
      const errors = validator.errors(r.method, r.template, r.status, JSON.parse(r.body), r.contentType);
      if (errors.length > 0) out.push(`${r.method} ${r.template} ${r.status}: ${errors.join('; ')}`);
    }
    return out;
  }
}
