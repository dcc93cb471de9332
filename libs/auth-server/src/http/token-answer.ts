// The token endpoint's answer (RFC 6749 section 5): the token or the OAuth error object, never a problem
// body, never cached.
import type { Response } from 'express';
import { TokenEndpointService, TokenResponse } from '../use-cases/token-endpoint.service';
import { OAuthError } from '../model/oauth-error';
import { TokenHttpRequest, parseTokenRequest } from './token-request.parser';

export interface TokenAnswer {
  status: number;
  headers: Record<string, string>;
  body: TokenResponse | OAuthError['body'];
}

export async function answerTokenRequest(tokens: TokenEndpointService, request: TokenHttpRequest): Promise<TokenAnswer> {
  try {
    return { status: 200, headers: {}, body: await tokens.grant(parseTokenRequest(request)) };
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    return { status: error.status, headers: error.headers, body: error.body };
  }
}

export function writeTokenAnswer(res: Response, answer: TokenAnswer): void {
  res.status(answer.status);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.json(answer.body);
}
