// Provides the Database (with the CounterDatabase of rate-limit counters, the WebhookDeliveryDatabase of the
// webhook delivery workers and the token endpoint's TokenStateFeed) and every repository to a Nest
// application, and closes their pools when it stops.
import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown, Optional } from '@nestjs/common';
import { GatewayMetrics, ReadinessCheck } from '@gateway/platform';
import { CounterDatabase, Database, DatabaseOptions, ReplicaReads, WebhookDeliveryDatabase } from './database';
import { RepositoriesModule } from './repositories/repositories.module';
import { TokenStateFeed } from './feeds/token-state-feed';

@Injectable()
export class DatabaseReadinessCheck implements ReadinessCheck {
  readonly name = 'database';
  constructor(private readonly db: Database) {}
  async check(): Promise<void> {
    await this.db.query('SELECT 1');
  }
}

@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(CounterDatabase) private readonly counters: CounterDatabase,
    @Inject(WebhookDeliveryDatabase) private readonly webhookDelivery: WebhookDeliveryDatabase,
    @Inject(ReplicaReads) private readonly replicaReads: ReplicaReads,
    @Optional() metrics?: GatewayMetrics,
  ) {
    // The pools' usage, read on each scrape of the application's metrics.
    metrics?.observePool('main', () => ({ total: db.pool.totalCount, idle: db.pool.idleCount, waiting: db.pool.waitingCount }));
    metrics?.observePool('counters', () => ({ total: counters.pool.totalCount, idle: counters.pool.idleCount, waiting: counters.pool.waitingCount }));
    metrics?.observePool('webhook_delivery', () => ({
      total: webhookDelivery.pool.totalCount,
      idle: webhookDelivery.pool.idleCount,
      waiting: webhookDelivery.pool.waitingCount,
    }));
  }
  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.db.close(), this.counters.close(), this.webhookDelivery.close(), this.replicaReads.close()]);
  }
}

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseOptions): DynamicModule {
    const db = new Database(options);
    return {
      module: DatabaseModule,
      imports: [RepositoriesModule],
      providers: [
        { provide: Database, useValue: db },
        // The reads that may lag: on DATABASE_READ_URL when set (connects only when used), else on `db`.
        { provide: ReplicaReads, useValue: new ReplicaReads(db, options) },
        // Connects only when used (pg pools connect lazily): a process without a token endpoint opens none.
        { provide: CounterDatabase, useValue: new CounterDatabase(CounterDatabase.optionsFrom(options)) },
        // Connects only when webhook delivery workers run.
        { provide: WebhookDeliveryDatabase, useValue: new WebhookDeliveryDatabase(WebhookDeliveryDatabase.optionsFrom(options)) },
        // Connects only when the token endpoint starts it.
        { provide: TokenStateFeed, useValue: new TokenStateFeed(options) },
        DatabaseLifecycle,
        DatabaseReadinessCheck,
      ],
      exports: [Database, ReplicaReads, CounterDatabase, WebhookDeliveryDatabase, TokenStateFeed, DatabaseReadinessCheck, RepositoriesModule],
    };
  }
}
