// The one registry of dispatch-command (contract section 5): each command is a class marked with
// @DispatchableCommand (its name, its body class validated with class-validator, the class of its result)
// whose handle() runs the use case. Unknown names and invalid bodies are 400 problems whose pointers lead
// into the request (/commandName, /commandBody/...); a valid command that the domain refuses (a 404 or
// 409 of the use case) is the outcome FAILED with the reason.
import 'reflect-metadata';
import { Inject, Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { BadRequestProblem, ProblemException, flattenValidationErrors } from '@gateway/platform';

export interface CommandContext {
  organizationId: string;
  /** Who dispatched the command (the caller's client id), recorded on its events. */
  initiator: string;
}

export interface CommandHandler<B extends object = object> {
  handle(body: B, context: CommandContext): Promise<object>;
}

export interface CommandMetadata {
  name: string;
  /** The class of commandBody: its class-validator rules validate the body, its @ApiProperty rules document it. */
  body: new () => object;
  /** The class of the result on SUCCESS (for the OpenAPI document). */
  result: new () => object;
}

const COMMAND_METADATA = Symbol('dispatchable-command');

/** Marks a command handler class (and makes it injectable). */
export const DispatchableCommand =
  (metadata: CommandMetadata): ClassDecorator =>
  (target) => {
    Reflect.defineMetadata(COMMAND_METADATA, metadata, target);
    Injectable()(target);
  };

export function commandMetadata(commandClass: object): CommandMetadata {
  const metadata = Reflect.getMetadata(COMMAND_METADATA, commandClass) as CommandMetadata | undefined;
  if (!metadata) throw new Error(`${(commandClass as { name?: string }).name} is not a @DispatchableCommand`);
  return metadata;
}

export const COMMAND_HANDLERS = Symbol('COMMAND_HANDLERS');

export type CommandOutcome = { outcome: 'SUCCESS'; result: object } | { outcome: 'FAILED'; reason: string };

/** Statuses of the use cases' problems that mean "the domain refuses this command", not "the request is broken". */
const REFUSALS = new Set([404, 409]);

@Injectable()
export class CommandRegistry {
  private readonly commands: Map<string, { metadata: CommandMetadata; handler: CommandHandler }>;

  constructor(@Inject(COMMAND_HANDLERS) handlers: CommandHandler[]) {
    this.commands = new Map(
      handlers.map((handler) => {
        const metadata = commandMetadata(handler.constructor);
        return [metadata.name, { metadata, handler }];
      }),
    );
  }

  get names(): string[] {
    return [...this.commands.keys()];
  }

  async dispatch(commandName: string, commandBody: object, context: CommandContext): Promise<CommandOutcome> {
    const command = this.commands.get(commandName);
    if (!command) throw new BadRequestProblem('The request is not valid.', [{ pointer: '/commandName', message: `must be one of ${this.names.join(', ')}` }]);
    const body = plainToInstance(command.metadata.body, commandBody);
    const errors = await validate(body, {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      validationError: { target: false, value: false },
    });
    if (errors.length > 0) throw new BadRequestProblem('The request is not valid.', flattenValidationErrors(errors, '/commandBody'));
    try {
      return { outcome: 'SUCCESS', result: await command.handler.handle(body, context) };
    } catch (error) {
      if (error instanceof ProblemException && REFUSALS.has(error.getStatus())) return { outcome: 'FAILED', reason: error.problem.detail };
      throw error;
    }
  }
}
