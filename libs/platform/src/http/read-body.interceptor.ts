// Request bodies are read after the guards, not before: a request the bearer check refuses (no token,
// a garbage one) gets its 401 without the gateway waiting for, or reading, its body. Nest runs global
// interceptors after every guard and before the pipes that validate the body.
import { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import type { Observable } from 'rxjs';
import { hasBody } from './json-bodies-only';

function run(step: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void step(req, res, (error?: unknown) => (error ? reject(error) : resolve()));
  });
}

export class ReadBodyInterceptor implements NestInterceptor {
  /** `steps`: express middlewares that check and parse the body (media type, JSON, forms), in order. */
  constructor(private readonly steps: RequestHandler[]) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> | Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request>();
    // Most requests (every read) have no body: nothing to wait for.
    if (context.getType() !== 'http' || !hasBody(req)) return next.handle();
    return this.read(req, context.switchToHttp().getResponse<Response>()).then(() => next.handle());
  }

  private async read(req: Request, res: Response): Promise<void> {
    for (const step of this.steps) await run(step, req, res);
  }
}
