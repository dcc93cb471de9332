// The HTTP side of an idempotent operation: the Idempotency-Key header in the OpenAPI document, and the
// answer written from the handler's IdempotentOutcome (a replay sends the first answer's stored bytes).
import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Response } from 'express';
import { map, Observable } from 'rxjs';
import { demoExample, JSON_CONTENT_TYPE } from '@gateway/platform';
import { IdempotentOutcome } from '../use-cases/idempotency.service';
import { MIN_IDEMPOTENCY_RETENTION_DAYS } from '../use-cases/idempotency-retention.job';

@Injectable()
export class IdempotentReplayInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler<IdempotentOutcome<unknown>>): Observable<unknown> {
    return next.handle().pipe(
      map((outcome) => {
        if (outcome.replayText === undefined) return outcome.record;
        // A string with a JSON content type is written unchanged.
        const res = context.switchToHttp().getResponse<Response>();
        res.setHeader('Idempotent-Replayed', 'true');
        res.setHeader('Content-Type', JSON_CONTENT_TYPE);
        return outcome.replayText;
      }),
    );
  }
}

/**
 * For a handler that returns an IdempotentOutcome (from IdempotencyService.run): documents the optional
 * Idempotency-Key header (with a demo value) and answers with the record, or with the replayed text.
 */
export const Idempotent = (demoKey?: string) =>
  applyDecorators(
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description: `1 to 255 visible ASCII characters; the same key with the same request replays the first answer for at least ${MIN_IDEMPOTENCY_RETENTION_DAYS} days`,
      schema: { type: 'string' },
      ...demoExample(demoKey),
    }),
    UseInterceptors(IdempotentReplayInterceptor),
  );
