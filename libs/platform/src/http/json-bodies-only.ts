// Every operation of the gateways takes JSON, except the form-encoded paths named at boot (the token
// endpoint, which has rules of its own): a body of another media type, or one sent without a
// Content-Type, is answered 415 before any validation blames its fields.
import type { NextFunction, Request, Response } from 'express';
import { ProblemException } from '../problem/problem.exception';

/** Methods whose body, if any, is read; one sent with GET or HEAD has no meaning and is ignored. */
const IGNORED_BODY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export class UnsupportedMediaTypeProblem extends ProblemException {
  constructor() {
    super(415, 'The body must be application/json.', { type: 'unsupported-media-type' });
  }
}

export function hasBody(req: Pick<Request, 'headers'>): boolean {
  return req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');
}

export function jsonBodiesOnly(jsonTypes: string[], formPaths: string[]) {
  const exempt = new Set(formPaths);
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (IGNORED_BODY_METHODS.has(req.method) || exempt.has(req.path) || !hasBody(req) || req.is(jsonTypes)) return next();
    next(new UnsupportedMediaTypeProblem());
  };
}
