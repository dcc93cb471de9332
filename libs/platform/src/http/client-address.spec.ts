// The client address behind TRUST_PROXY proxies: the hop that many entries from the right of X-Forwarded-For,
// only an exact IP address counting; anything else changes nothing.
import { clientAddress } from './client-address';

const CONNECTION = '10.0.0.5';

describe('clientAddress', () => {
  it.each([
    // No proxy trusted: the header is ignored.
    [0, '203.0.113.7', CONNECTION],
    [0, undefined, CONNECTION],
    // One proxy: the entry it appended, the right-most; whatever the caller wrote before it is not read.
    [1, '203.0.113.7', '203.0.113.7'],
    [1, '198.51.100.1, 203.0.113.7', '203.0.113.7'],
    [1, 'garbage, 203.0.113.7', '203.0.113.7'],
    [1, `${'x'.repeat(1000)},203.0.113.7`, '203.0.113.7'],
    [1, ' 203.0.113.7 ', '203.0.113.7'],
    [1, '2001:db8::7', '2001:db8::7'],
    [1, '::ffff:203.0.113.7', '::ffff:203.0.113.7'],
    // Two proxies: the second entry from the right.
    [2, '198.51.100.1, 203.0.113.7, 10.0.0.9', '203.0.113.7'],
    [2, '203.0.113.7,10.0.0.9', '203.0.113.7'],
    // Fewer entries than proxies: the outermost proxy that handled the request saw the caller.
    [2, '10.0.0.9', '10.0.0.9'],
    [3, '203.0.113.7, 10.0.0.9', '203.0.113.7'],
    // Not an address where one should be: the walk stops at the last good hop.
    [2, '203.0.113.7, garbage', CONNECTION],
    [2, 'garbage, 10.0.0.9', '10.0.0.9'],
    [2, '203.0.113.7:443, 10.0.0.9', '10.0.0.9'],
    [1, '', CONNECTION],
    [1, ' , ', CONNECTION],
    [1, ',', CONNECTION],
    [1, 'x'.repeat(1000), CONNECTION],
    [1, '203.0.113.7:443', CONNECTION],
    [1, '[2001:db8::7]', CONNECTION],
    [1, '[2001:db8::7]:443', CONNECTION],
    [1, 'fe80::1%eth0', CONNECTION],
    [1, '203.0.113', CONNECTION],
    [1, '0x7f.0.0.1', CONNECTION],
    [1, '127.1', CONNECTION],
    [1, '203.0.113.007', CONNECTION],
    [1, 'unknown', CONNECTION],
    [1, '_hidden', CONNECTION],
    [1, `${'1'.repeat(30)}:${'1'.repeat(30)}::1`, CONNECTION],
  ])('trusting %p proxies, X-Forwarded-For %p is %p', (proxies, header, expected) => {
    expect(clientAddress(CONNECTION, header, proxies)).toBe(expected);
  });

  it('reads repeated headers as one list, the last one appended last', () => {
    expect(clientAddress(CONNECTION, ['198.51.100.1', '203.0.113.7'], 1)).toBe('203.0.113.7');
    expect(clientAddress(CONNECTION, ['198.51.100.1', '203.0.113.7'], 2)).toBe('198.51.100.1');
  });

  it('answers an empty string for a request whose connection is already gone, never undefined', () => {
    expect(clientAddress(undefined, 'garbage', 1)).toBe('');
  });
});
