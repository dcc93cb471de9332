// Request bodies are read after the bearer check, not before: a request the bearer check refuses (no token,
// a garbage one) gets its 401 without the gateway waiting for, or reading, its body. A global guard
// registered with useGlobalGuards runs after the APP_GUARD ones (the bearer guard), which NestFactory.create
// registers before configureGateway adds this one, and before the pipes that validate the body. A guard
// rather than an interceptor: a global interceptor put every request, bodies or not, through Nest's rxjs
// chain (defer, mergeMap, AsyncResource.bind), a share of each request's allocations.
import { CanActivate, ExecutionContext } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import { hasBody } from './json-bodies-only';

function run(step: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void step(req, res, (error?: unknown) => (error ? reject(error) : resolve()));
  });
}

export class ReadBodyGuard implements CanActivate {
  /** `steps`: express middlewares that check and parse the body (media type, JSON, forms), in order. */
  constructor(private readonly steps: RequestHandler[]) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    // Most requests (every read) have no body: nothing to wait for.
    if (!hasBody(req)) return true;
    return this.read(req, context.switchToHttp().getResponse<Response>()).then(() => true);
  }

  private async read(req: Request, res: Response): Promise<void> {
    for (const step of this.steps) await run(step, req, res);
  }
}
