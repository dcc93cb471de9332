// Import this module to make an operation idempotent: IdempotencyService, and the job that purges old keys.
import { Module } from '@nestjs/common';
import { IdempotencyRetentionJob } from './use-cases/idempotency-retention.job';
import { IdempotencyService } from './use-cases/idempotency.service';

@Module({
  providers: [IdempotencyService, IdempotencyRetentionJob],
  exports: [IdempotencyService],
})
export class IdempotencyModule {}
