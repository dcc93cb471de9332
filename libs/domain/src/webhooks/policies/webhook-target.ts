// Where a webhook may be sent (contract 6.3), as far as the URL alone tells: https, or plain http to a host
// of WEBHOOK_ALLOWED_HOSTS; no credentials in it. Where the name resolves is checked at each delivery.
/** WEBHOOK_ALLOWED_HOSTS: comma-separated host names or addresses, compared in lower case (IPv6 without brackets). */
export function parseAllowedHosts(value: string | undefined): Set<string> {
  return new Set(
    (value ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1'))
      .filter((host) => host.length > 0),
  );
}

export function urlHost(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** Why the URL cannot be a webhook target, or undefined when it can. */
export function webhookUrlProblem(text: string, allowedHosts: Set<string>): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username !== '' || url.password !== '') return 'must not carry credentials';
  if (url.hash !== '') return 'must not have a fragment';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && allowedHosts.has(urlHost(url))) return undefined;
  return 'must be https (plain http only to a host of WEBHOOK_ALLOWED_HOSTS)';
}
