// Credentials in query strings: which names are redacted, and that everything else is kept as sent.
import { REDACTED, isSensitiveParameter, redactUrlQuery } from './redact-query';

describe('redactUrlQuery', () => {
  it.each([
    'client_secret',
    'CLIENT_SECRET',
    'Client-Secret',
    'clientSecret',
    'client%5Fsecret',
    'client+secret',
    'access_token',
    'refresh_token',
    'id_token',
    'token',
    'Token',
    'password',
    'new_password',
    'passwd',
    'secret',
    'code',
    'CODE',
    'api_key',
    'apiKey',
    'x-api-key',
    'key',
    'sig',
    'X-Amz-Signature',
    'X-Amz-Credential',
    'X-Amz-Security-Token',
    'AWSAccessKeyId',
    'client_assertion',
    'session_id',
    'jwt',
    'user[password]',
  ])('redacts the value of %s', (name) => {
    expect(isSensitiveParameter(name)).toBe(true);
    expect(redactUrlQuery(`/oauth2/token?${name}=s3cr3t-value`)).toBe(`/oauth2/token?${name}=${REDACTED}`);
  });

  it.each(['limit', 'cursor', 'since', 'types', 'orderReference', 'barcode', 'keyword', 'state', 'grant_type', 'scope'])('keeps %s as sent', (name) => {
    expect(isSensitiveParameter(name)).toBe(false);
  });

  it('keeps the path, the other parameters, their order and their encoding', () => {
    expect(redactUrlQuery('/v0/organizations/o/events?limit=5&client_secret=abc%2Fdef&cursor=eyJ%3D&token=x=y&types=a,b')).toBe(
      `/v0/organizations/o/events?limit=5&client_secret=${REDACTED}&cursor=eyJ%3D&token=${REDACTED}&types=a,b`,
    );
  });

  it('redacts every occurrence, parameters split by ; and a fragment too', () => {
    expect(redactUrlQuery('/x?token=1&token=2;password=3#access_token=4&state=5')).toBe(
      `/x?token=${REDACTED}&token=${REDACTED};password=${REDACTED}#access_token=${REDACTED}&state=5`,
    );
  });

  it('leaves a URL without a query as it is, and copes with malformed encoding', () => {
    expect(redactUrlQuery('/v0/whoami')).toBe('/v0/whoami');
    expect(redactUrlQuery('/x?%E0%A4%A=1&secret=%ZZ')).toBe(`/x?%E0%A4%A=1&secret=${REDACTED}`);
    expect(redactUrlQuery('/x?secret&=a&limit=')).toBe('/x?secret&=a&limit=');
    expect(redactUrlQuery('https://hooks.example.com/in?token=abc')).toBe(`https://hooks.example.com/in?token=${REDACTED}`);
  });
});
