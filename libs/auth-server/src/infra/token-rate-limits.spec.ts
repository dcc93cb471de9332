import { failureKeys } from './token-rate-limits';

describe('failureKeys', () => {
  it('counts an IPv6 address by its /64, whatever its spelling', () => {
    const block = failureKeys('cl_a', '2001:db8::1').address;
    expect(block).toBe('2001:db8:0:0::/64');
    expect(failureKeys('cl_a', '2001:0DB8:0000:0000:ffff::2').address).toBe(block);
    expect(failureKeys('cl_a', '2001:db8:0:1::1').address).not.toBe(block);
    expect(failureKeys('cl_a', '::1').address).toBe('0:0:0:0::/64');
  });

  it('takes an IPv4-mapped address as its IPv4 address, and an IPv4 address as it is', () => {
    expect(failureKeys('cl_a', '::ffff:10.0.0.7').address).toBe('10.0.0.7');
    expect(failureKeys('cl_a', '10.0.0.7').address).toBe('10.0.0.7');
  });

  it('keeps the client-and-address key within the table column (varchar 255) whatever the client id', () => {
    const keys = failureKeys('x'.repeat(16_000), 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff');
    expect(keys.clientAndAddress.length + 'auth-fail-client-address:'.length).toBeLessThanOrEqual(255);
    expect(failureKeys('cl_a', '10.0.0.7').clientAndAddress).not.toBe(failureKeys('cl_b', '10.0.0.7').clientAndAddress);
  });
});
