// The URL attributes laid over the http instrumentation's: credentials in the query redacted, the rest kept.
import { incomingUrlAttributes, outgoingUrlAttributes } from './url-attributes';

describe('span URL attributes', () => {
  it("redacts a server span's query", () => {
    expect(incomingUrlAttributes({ url: '/oauth2/token?client_id=a&client_secret=s3cret' })).toEqual({ 'url.query': 'client_id=a&client_secret=[redacted]' });
    expect(incomingUrlAttributes({ url: '/v0/whoami' })).toEqual({});
  });

  it("redacts a client span's full URL, with its port unless it is the scheme's", () => {
    expect(outgoingUrlAttributes({ protocol: 'https:', hostname: 'hooks.example.com', port: 443, path: '/in?token=abc&x=1' })).toEqual({
      'url.full': 'https://hooks.example.com/in?token=[redacted]&x=1',
    });
    expect(outgoingUrlAttributes({ protocol: 'http:', hostname: '127.0.0.1', port: 9000, path: '/in?Signature=abc' })).toEqual({
      'url.full': 'http://127.0.0.1:9000/in?Signature=[redacted]',
    });
    expect(outgoingUrlAttributes({ protocol: 'https:', hostname: '2001:db8::1', port: 8443, path: '/in?key=abc' })).toEqual({
      'url.full': 'https://[2001:db8::1]:8443/in?key=[redacted]',
    });
    expect(outgoingUrlAttributes({ protocol: 'https:', hostname: 'hooks.example.com', path: '/in' })).toEqual({});
  });
});
