// POST /internal-tools/dispatch-command: the envelope (validated by the global pipe; the body by the
// command's own class), its documented variants, and the outcome.
import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsObject, IsString, IsUUID, ValidateIf, ValidateNested } from 'class-validator';
import { ClosedSchema, Required, canonicalUuid } from '@gateway/platform';
import { commandMetadata } from '../policies/command-registry';
import { DISPATCHABLE_COMMANDS } from '../policies/dispatchable-commands';

const COMMANDS = DISPATCHABLE_COMMANDS.map((c) => commandMetadata(c));
const uniqueModels = (models: (new () => object)[]) => [...new Set(models)];

/** Every body and result class, for @ApiExtraModels. */
export const DISPATCH_COMMAND_MODELS = uniqueModels(COMMANDS.flatMap((c) => [c.body, c.result]));

const BODIES = new Map(COMMANDS.map((c) => [c.name, c.body]));
const NAMES = COMMANDS.map((c) => c.name);

/**
 * The envelope and the command's body are validated in one round by the global pipe, so that every
 * problem of a request comes in one answer: the body as its command's class (chosen by commandName), not
 * judged when the command is unknown (then /commandName says why). The registry checks the body again for
 * callers that are not HTTP requests.
 */
export class DispatchCommandDto {
  @ApiProperty({ enum: NAMES })
  @Required()
  @IsString({ message: 'must be a string' })
  @IsIn(NAMES, { message: `must be one of ${NAMES.join(', ')}` })
  commandName!: string;

  @ApiProperty({ format: 'uuid', description: 'the organization the command acts in' })
  @Required()
  @Transform(canonicalUuid)
  @IsUUID(undefined, { message: 'must be a UUID' })
  organizationId!: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'the body of the command; its shape depends on commandName' })
  @ValidateIf(
    (o: { commandName?: unknown; commandBody?: unknown }) => o.commandBody === undefined || o.commandBody === null || BODIES.has(String(o.commandName)),
  )
  @Required()
  @IsObject({ message: 'must be an object' })
  @ValidateNested()
  @Type((options) => BODIES.get(String((options?.object as { commandName?: unknown } | undefined)?.commandName)) ?? Object)
  commandBody!: Record<string, unknown>;
}

/** The request as documented: one closed variant per command, its body schema tied to its name. */
export function dispatchCommandRequestSchema(): Record<string, unknown> {
  return {
    oneOf: COMMANDS.map((c) => ({
      type: 'object',
      title: c.name,
      additionalProperties: false,
      required: ['commandName', 'organizationId', 'commandBody'],
      properties: {
        commandName: { type: 'string', enum: [c.name] },
        organizationId: { type: 'string', format: 'uuid' },
        commandBody: { $ref: getSchemaPath(c.body) },
      },
    })),
  };
}

@ClosedSchema()
export class DispatchCommandOutcomeDto {
  @ApiProperty({ enum: ['SUCCESS', 'FAILED'] })
  outcome!: 'SUCCESS' | 'FAILED';

  @ApiPropertyOptional({
    description:
      'with FAILED only: why the domain refused the command (unknown organization, warehouse, retail unit, fulfilment order, shipment, return or inbound shipment, a state that does not allow it, more to ship than is unshipped, or processed lines that do not match the return)',
  })
  reason?: string;

  @ApiPropertyOptional({
    description:
      'with SUCCESS only: RECEIVE_STOCK the level after the receipt; ALLOCATE_FULFILMENT_ORDER the order and its status now; SHIP_FULFILMENT_ORDER the order, its status now and the shipment it recorded; REBUILD_INVENTORY_LEVELS every level rebuilt; UPDATE_SHIPMENT the shipment as it now is; MARK_RETURN_ARRIVED and PROCESS_RETURN the return as it now is; RECEIVE_INBOUND_SHIPMENT and CLOSE_INBOUND_SHIPMENT the inbound shipment as it now is',
    oneOf: uniqueModels(COMMANDS.map((c) => c.result)).map((model) => ({ $ref: getSchemaPath(model) })),
  })
  result?: object;
}
