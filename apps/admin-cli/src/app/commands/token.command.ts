// `token`: an access token for staff who want one in a shell, requested from the running gateway's token
// endpoint as any client would (client credentials). The secret comes from CLIENT_SECRET or standard input,
// never from the command line (it would be in the shell's history and the process list).
import { CliFailure, CliUsageError, Output } from '../output';

export interface TokenOptions {
  clientId: string;
  /** The public gateway (the token issuer). */
  url: string;
  authMethod: string;
}

const AUTH_METHODS = ['client_secret_post', 'client_secret_basic'];

export function checkTokenUsage(options: TokenOptions): void {
  if (!AUTH_METHODS.includes(options.authMethod)) throw new CliUsageError(`--auth-method must be one of ${AUTH_METHODS.join(', ')}`);
  if (!/^https?:\/\/[^/]+/.test(options.url)) throw new CliUsageError("--url must be the gateway's http(s) URL, e.g. http://localhost:3000");
}

/** The first line of standard input; on a terminal, typed without echo after a prompt on stderr. */
export async function readSecret(input: NodeJS.ReadStream = process.stdin): Promise<string> {
  if (input.isTTY) process.stderr.write('client secret: ');
  if (input.isTTY) input.setRawMode(true);
  let text = '';
  try {
    for await (const chunk of input) {
      text += String(chunk);
      // Ctrl-C or Ctrl-D on a terminal in raw mode.
      if (input.isTTY && (text.includes('\u0003') || text.includes('\u0004'))) throw new CliFailure('no client secret given');
      if (/[\r\n]/.test(text)) break;
    }
  } finally {
    if (input.isTTY) {
      input.setRawMode(false);
      process.stderr.write('\n');
    }
    input.pause();
  }
  return text.split(/\r?\n|\r/)[0];
}

/** application/x-www-form-urlencoded encoding of one value (spec 4.2 rule 3), for client_secret_basic. */
const formUrlEncode = (value: string): string => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export async function tokenCommand(options: TokenOptions, secret: string, out: Output): Promise<void> {
  if (!secret) throw new CliFailure('no client secret: set CLIENT_SECRET or write it on standard input');
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (options.authMethod === 'client_secret_basic')
    headers.authorization = `Basic ${Buffer.from(`${formUrlEncode(options.clientId)}:${formUrlEncode(secret)}`).toString('base64')}`;
  else {
    form.set('client_id', options.clientId);
    form.set('client_secret', secret);
  }
  const url = `${options.url.replace(/\/+$/, '')}/oauth2/token`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: form.toString(), signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new CliFailure(
      `the token endpoint ${url} did not answer: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`,
    );
  }
  const body = (await response.json().catch(() => ({}))) as {
    access_token?: string;
    token_type?: string;
    expires_in?: number;
    error?: string;
    error_description?: string;
  };
  if (!response.ok || typeof body.access_token !== 'string') {
    throw new CliFailure(
      `token request refused: ${response.status}${body.error ? ` ${body.error}` : ''}${body.error_description ? ` (${body.error_description})` : ''}`,
      { status: response.status, oauthError: body.error },
    );
  }
  out.result({ access_token: body.access_token, token_type: body.token_type, expires_in: body.expires_in }, body.access_token);
  out.message(`token of ${options.clientId}, valid ${body.expires_in} s`);
}
