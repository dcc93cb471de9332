// MARK_RETURN_ARRIVED and PROCESS_RETURN (contract 6.8): the warehouse's steps of a return, thin doors to
// the shared domain's return lifecycle, each in one transaction. A step the return's state or lines do not
// allow is the domain's 409, so the outcome FAILED with its reason, nothing changed.
import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { Transform } from 'class-transformer';
import { ClosedSchema, HasItems, NestedObjectList, Required, canonicalUuid } from '@gateway/platform';
import { Database } from '@gateway/persistence';
import { ProcessedReturnLineBody, RETURN_LIMITS, ReturnDto, ReturnLifecycle, toReturnDto } from '@gateway/domain';
import { CommandContext, CommandHandler, DispatchableCommand } from '../policies/command-registry';

const ReturnId = () =>
  ApiProperty({
    format: 'uuid',
    description: "the return's id (in the public create answer and the return.* webhooks)",
    example: '5b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a4b',
  });

@ClosedSchema()
export class MarkReturnArrivedBody {
  @ReturnId()
  @Required()
  @Transform(canonicalUuid)
  @IsUUID(undefined, { message: 'must be a UUID' })
  returnId!: string;
}

@ClosedSchema()
export class ProcessReturnBody {
  @ReturnId()
  @Required()
  @Transform(canonicalUuid)
  @IsUUID(undefined, { message: 'must be a UUID' })
  returnId!: string;

  @ApiProperty({ type: () => [ProcessedReturnLineBody], description: 'every line of the return, once' })
  @Required()
  @NestedObjectList(() => ProcessedReturnLineBody)
  @HasItems(1, RETURN_LIMITS.lines, 'lines')
  lines!: ProcessedReturnLineBody[];
}

/** The return arrived at the warehouse; the result is the return as it now is. */
@DispatchableCommand({ name: 'MARK_RETURN_ARRIVED', body: MarkReturnArrivedBody, result: ReturnDto })
export class MarkReturnArrivedCommand implements CommandHandler<MarkReturnArrivedBody> {
  constructor(
    private readonly db: Database,
    private readonly lifecycle: ReturnLifecycle,
  ) {}

  async handle(body: MarkReturnArrivedBody, context: CommandContext): Promise<ReturnDto> {
    return toReturnDto(await this.db.transaction((tx) => this.lifecycle.markArrived(tx, context.organizationId, body.returnId, context.initiator)));
  }
}

/** The return processed: what arrived, what was restocked (onHand rises by it); the result is the completed return. */
@DispatchableCommand({ name: 'PROCESS_RETURN', body: ProcessReturnBody, result: ReturnDto })
export class ProcessReturnCommand implements CommandHandler<ProcessReturnBody> {
  constructor(
    private readonly db: Database,
    private readonly lifecycle: ReturnLifecycle,
  ) {}

  async handle(body: ProcessReturnBody, context: CommandContext): Promise<ReturnDto> {
    return toReturnDto(await this.db.transaction((tx) => this.lifecycle.process(tx, context.organizationId, body.returnId, body.lines, context.initiator)));
  }
}
