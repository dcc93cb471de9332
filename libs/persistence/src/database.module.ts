// Provides the Database (with the CounterDatabase of rate-limit counters and the reads that may lag) and the
// options they were made from to a Nest application, and closes their pools when it stops. The repositories
// are each context module's own providers; a gateway's own database services (the public gateway's webhook
// delivery pool and token-state feed) are in its persistence library, made from DATABASE_OPTIONS.
import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown, Optional } from '@nestjs/common';
import { GatewayMetrics, ReadinessCheck } from '@gateway/platform';
import { CounterDatabase, Database, DatabaseOptions, ReplicaReads } from './database';

/** The options DatabaseModule.forRoot was given: a gateway's own pools are made from them. */
export const DATABASE_OPTIONS = Symbol('DATABASE_OPTIONS');

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
    @Inject(ReplicaReads) private readonly replicaReads: ReplicaReads,
    @Optional() metrics?: GatewayMetrics,
  ) {
    // The pools' usage, read on each scrape of the application's metrics.
    metrics?.observePool('main', db.usage);
    metrics?.observePool('counters', counters.usage);
  }
  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.db.close(), this.counters.close(), this.replicaReads.close()]);
  }
}

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseOptions): DynamicModule {
    const db = new Database(options);
    return {
      module: DatabaseModule,
      providers: [
        { provide: DATABASE_OPTIONS, useValue: options },
        { provide: Database, useValue: db },
        // The reads that may lag: on DATABASE_READ_URL when set (connects only when used), else on `db`.
        { provide: ReplicaReads, useValue: new ReplicaReads(db, options) },
        // Connects only when used (pg pools connect lazily): the request quota's and the token endpoint's counters.
        { provide: CounterDatabase, useValue: new CounterDatabase(CounterDatabase.optionsFrom(options)) },
        DatabaseLifecycle,
        DatabaseReadinessCheck,
      ],
      exports: [DATABASE_OPTIONS, Database, ReplicaReads, CounterDatabase, DatabaseReadinessCheck],
    };
  }
}
