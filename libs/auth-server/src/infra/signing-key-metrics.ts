// The active signing key's age in the metrics, read on scrape, so that an alert says when keys:rotate is due
// (docs/runbooks.md, SigningKeyRotationDue). NaN while no key is active or the database does not answer.
import { Injectable, Optional } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { SigningKeysService } from '@gateway/domain';
import { GatewayMetrics } from '@gateway/platform';

@Injectable()
export class SigningKeyMetrics {
  constructor(keys: SigningKeysService, @Optional() metrics?: GatewayMetrics) {
    if (!metrics) return;
    new Gauge({
      name: 'gateway_signing_key_age_seconds',
      help: 'Age of the active token signing key (rotate with the admin verb keys:rotate), read on scrape.',
      registers: [metrics.registry],
      async collect() {
        const active = await keys.list().then(
          (all) => all.find((k) => k.status === 'active'),
          () => undefined,
        );
        this.set(active ? (Date.now() - Date.parse(active.createdAt)) / 1000 : Number.NaN);
      },
    });
  }
}
