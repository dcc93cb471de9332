// The URL attributes laid over the http instrumentation's: a server span's query with credentials redacted,
// a client span's target reduced to its origin.
import { incomingUrlAttributes, outgoingUrlAttributes } from './url-attributes';

describe('span URL attributes', () => {
  it("redacts a server span's query", () => {
    expect(incomingUrlAttributes({ url: '/oauth2/token?client_id=a&client_secret=s3cret' })).toEqual({ 'url.query': 'client_id=a&client_secret=[redacted]' });
    expect(incomingUrlAttributes({ url: '/v0/whoami' })).toEqual({});
  });

  it("keeps a client span's scheme, host and port only (never the path or query), with the port unless it is the scheme's", () => {
    expect(outgoingUrlAttributes({ protocol: 'https:', hostname: 'hooks.example.com', port: 443, path: '/T000/B000/secret?token=abc&x=1' })).toEqual({
      'url.full': 'https://hooks.example.com',
      'url.scheme': 'https',
    });
    expect(outgoingUrlAttributes({ protocol: 'http:', hostname: '127.0.0.1', port: 9000, path: '/in/secret-path?Signature=abc' })).toEqual({
      'url.full': 'http://127.0.0.1:9000',
      'url.scheme': 'http',
    });
    expect(outgoingUrlAttributes({ protocol: 'https:', hostname: '2001:db8::1', port: 8443, path: '/in?key=abc' })).toEqual({
      'url.full': 'https://[2001:db8::1]:8443',
      'url.scheme': 'https',
    });
    expect(outgoingUrlAttributes({ protocol: 'https:', hostname: 'hooks.example.com', path: '/in' })).toEqual({
      'url.full': 'https://hooks.example.com',
      'url.scheme': 'https',
    });
  });
});
