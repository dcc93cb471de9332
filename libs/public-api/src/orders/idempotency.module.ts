// Import IdempotencyModule to make an operation idempotent: IdempotencyService, and the job that purges
// old keys. The application sets the retention once with IdempotencyRetentionModule.forRoot(days).
import { DynamicModule, Global, Module } from '@nestjs/common';
import { IDEMPOTENCY_RETENTION_DAYS, IdempotencyRetentionJob } from './use-cases/idempotency-retention.job';
import { IdempotencyService } from './use-cases/idempotency.service';
import { IdempotencyRepository } from '@gateway/persistence-public';

@Module({
  providers: [IdempotencyService, IdempotencyRetentionJob, IdempotencyRepository],
  exports: [IdempotencyService],
})
export class IdempotencyModule {}

/** Global, so that the job of IdempotencyModule, wherever it is imported, sees the application's retention. */
@Global()
@Module({})
export class IdempotencyRetentionModule {
  static forRoot(retentionDays: number): DynamicModule {
    return {
      module: IdempotencyRetentionModule,
      providers: [{ provide: IDEMPOTENCY_RETENTION_DAYS, useValue: retentionDays }],
      exports: [IDEMPOTENCY_RETENTION_DAYS],
    };
  }
}
