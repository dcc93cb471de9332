// Provides the JobQueue to an application that runs background jobs: started once every module has
// defined its jobs, stopped before the database pool closes.
import { BeforeApplicationShutdown, DynamicModule, Global, Injectable, Module, OnApplicationBootstrap } from '@nestjs/common';
import { Database } from '../database';
import { JobQueue, JobQueueOptions } from './job-queue';

@Injectable()
class JobQueueLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(private readonly queue: JobQueue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.stop();
  }
}

@Global()
@Module({})
export class JobQueueModule {
  static forRoot(options: JobQueueOptions = {}): DynamicModule {
    return {
      module: JobQueueModule,
      providers: [{ provide: JobQueue, useFactory: (db: Database) => new JobQueue(db, options), inject: [Database] }, JobQueueLifecycle],
      exports: [JobQueue],
    };
  }
}
