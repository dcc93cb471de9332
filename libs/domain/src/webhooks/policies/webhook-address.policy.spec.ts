// Which addresses a webhook may reach. Classification only: nothing here opens a connection.
import { WebhookTargetRefused, isPublicUnicast, resolveWebhookTarget } from './webhook-address.policy';

describe('webhook address policy', () => {
  it.each([
    '127.0.0.1',
    '127.0.0.2',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPublicUnicast(address)).toBe(false);
  });

  it.each(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])('accepts the public address %s', (address) => {
    expect(isPublicUnicast(address)).toBe(true);
  });

  it('refuses a loopback address outside the allow-list, and takes it when listed', async () => {
    await expect(resolveWebhookTarget('127.0.0.2', new Set(['127.0.0.1']))).rejects.toThrow(WebhookTargetRefused);
    await expect(resolveWebhookTarget('127.0.0.2', new Set(['127.0.0.2']))).resolves.toEqual({ address: '127.0.0.2', family: 4 });
  });

  it('refuses a name that does not resolve', async () => {
    await expect(resolveWebhookTarget('hooks.example.invalid', new Set())).rejects.toThrow('could not be resolved');
  });

  it('refuses a name resolving to loopback unless the name or every address is listed', async () => {
    await expect(resolveWebhookTarget('localhost', new Set())).rejects.toThrow(/resolves to/);
    await expect(resolveWebhookTarget('localhost', new Set(['localhost']))).resolves.toEqual(expect.objectContaining({ address: expect.any(String) }));
  });
});
