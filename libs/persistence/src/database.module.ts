// Provides the Database and every repository to a Nest application, and closes the pool when the application stops.
import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown, Optional } from '@nestjs/common';
import { GatewayMetrics, ReadinessCheck } from '@gateway/platform';
import { Database, DatabaseOptions } from './database';
import { RepositoriesModule } from './repositories.module';

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
  constructor(@Inject(Database) private readonly db: Database, @Optional() metrics?: GatewayMetrics) {
    // The pool's usage, read on each scrape of the application's metrics.
    metrics?.observePool('main', () => ({ total: db.pool.totalCount, idle: db.pool.idleCount, waiting: db.pool.waitingCount }));
  }
  async onApplicationShutdown(): Promise<void> {
    await this.db.close();
  }
}

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [RepositoriesModule],
      providers: [
        { provide: Database, useValue: new Database(options) },
        DatabaseLifecycle,
        DatabaseReadinessCheck,
      ],
      exports: [Database, DatabaseReadinessCheck, RepositoriesModule],
    };
  }
}
