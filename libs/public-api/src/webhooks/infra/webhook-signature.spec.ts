// Signatures as a receiver checks them with the standardwebhooks package: one secret, and during a rotation
// both secrets in one header, each of which verifies on its own.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { webhookHeaders } from './webhook-signature';

const secret = () => `whsec_${randomBytes(32).toString('base64')}`;

describe('webhookHeaders', () => {
  const body = '{"type":"inventory_level.changed","timestamp":"2026-11-26T10:00:00.000000Z","data":{}}';

  it('signs with one secret: `v1,` and the HMAC', () => {
    const current = secret();
    const headers = webhookHeaders(current, 'msg_1', body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('signs with the new and the previous secret, separated by a space: a receiver holding either verifies, one holding another does not', () => {
    const [next, previous, other] = [secret(), secret(), secret()];
    const headers = webhookHeaders([next, previous], 'msg_2', body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    expect(headers['webhook-signature'].split(' ')[0]).toBe(webhookHeaders(next, 'msg_2', body)['webhook-signature']);
    expect(new Webhook(next).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(other).verify(body, headers)).toThrow();
  });
});
