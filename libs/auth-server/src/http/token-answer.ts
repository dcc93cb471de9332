// The token endpoint's answer (RFC 6749 section 5): the token or the OAuth error object, never a problem
// body, never cached.
import type { Request, Response } from 'express';
import { TokenEndpointService, TokenResponse } from '../use-cases/token-endpoint.service';
import { OAuthError } from '../model/oauth-error';
import { parseTokenRequest } from './token-request.parser';

interface TokenAnswer {
  status: number;
  headers: Record<string, string>;
  body: TokenResponse | OAuthError['body'];
}

/** Answers POST /oauth2/token from the request as it came: its content type, Authorization header, form and address. */
export async function answerTokenHttpRequest(tokens: TokenEndpointService, req: Request, res: Response): Promise<void> {
  const request = {
    contentType: req.headers['content-type'],
    authorization: req.headers.authorization,
    body: req.body,
    // The caller's address as TRUST_PROXY reads it (what Nest's @Ip() passes).
    address: req.ip as string,
  };
  let answer: TokenAnswer;
  try {
    answer = { status: 200, headers: {}, body: await tokens.grant(parseTokenRequest(request)) };
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    answer = { status: error.status, headers: error.headers, body: error.body };
  }
  res.status(answer.status);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.json(answer.body);
}
