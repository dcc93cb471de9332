import { normalizedTrackingUrl } from './tracking-url';

describe('normalizedTrackingUrl', () => {
  it('keeps an ordinary https link as it is', () => {
    const link = 'https://www.dhl.de/de/privatkunden.html?piececode=00340434161094015902';
    expect(normalizedTrackingUrl(link, 2000)).toBe(link);
  });

  it('serializes as a browser would: host lower-cased and punycoded, quotes and angle brackets percent-encoded', () => {
    expect(normalizedTrackingUrl('https://X.Example/a b?q="<b>"', 2000)).toBe('https://x.example/a%20b?q=%22%3Cb%3E%22');
    expect(normalizedTrackingUrl('https://bücher.example/', 2000)).toBe('https://xn--bcher-kva.example/');
    expect(normalizedTrackingUrl('https://x.example/"><img src=x onerror=alert(1)>', 2000)).toBe(
      'https://x.example/%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E',
    );
  });

  it('gives a serialized link back unchanged', () => {
    const once = normalizedTrackingUrl('https://X.example/a b', 2000) as string;
    expect(normalizedTrackingUrl(once, 2000)).toBe(once);
  });

  it.each([
    ['a newline and markup', 'https://x.example/\n"><img src=x onerror=alert(1)>'],
    ['a tab', 'https://x.example/\tpath'],
    ['a DEL', 'https://x.example/\u007f'],
    ['credentials', 'https://user:pw@x.example/'],
    ['a user name alone', 'https://user@x.example/'],
    ['a backslash before an @', 'https://evil.example\\@good.example/'],
    ['plain http', 'http://x.example/'],
    ['another scheme', 'javascript:alert(1)'],
    ['no host', 'https:///path'],
    ['not a URL', 'tracking number 42'],
    ['not a string', 42],
  ])('refuses %s', (_label, value) => {
    expect(normalizedTrackingUrl(value, 2000)).toBeUndefined();
  });

  it('refuses a link longer than the bound, before or after serialization', () => {
    const path = 'a'.repeat(30);
    expect(normalizedTrackingUrl(`https://x.example/${path}`, 48)).toBe(`https://x.example/${path}`);
    expect(normalizedTrackingUrl(`https://x.example/${path}a`, 48)).toBeUndefined();
    // 40 code points as sent, 58 once the spaces are percent-encoded.
    expect(normalizedTrackingUrl(`https://x.example/${' '.repeat(9)}${'a'.repeat(13)}`, 48)).toBeUndefined();
  });
});
