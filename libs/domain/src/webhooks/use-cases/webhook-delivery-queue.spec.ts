import { JOB_QUEUES } from '@gateway/persistence';
import { WEBHOOK_DELIVERY_QUEUE } from './webhook-delivery.job';
import { WEBHOOK_TIMEOUT_MS } from './webhook-sender';

describe('the webhook delivery queue', () => {
  it('lets an attempt run its whole timeout before the queue takes it for dead', () => {
    const queue = JOB_QUEUES.find((q) => q.name === WEBHOOK_DELIVERY_QUEUE);
    expect(queue?.expireInSeconds).toBeGreaterThanOrEqual(WEBHOOK_TIMEOUT_MS / 1000 + 10);
  });
});
