import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Min } from 'class-validator';
import { BadRequestProblem, ConflictProblem, NotFoundProblem } from '@gateway/platform';
import { CommandContext, CommandHandler, CommandRegistry, DispatchableCommand } from './command-registry';

class CountBody {
  @ApiProperty() @IsInt({ message: 'must be an integer' }) @Min(1, { message: 'must be at least 1' }) count!: number;
}
class CountResult {}

let next: () => Promise<object>;

@DispatchableCommand({ name: 'COUNT', body: CountBody, result: CountResult })
class CountCommand implements CommandHandler<CountBody> {
  seen: { body: CountBody; context: CommandContext }[] = [];
  handle(body: CountBody, context: CommandContext): Promise<object> {
    this.seen.push({ body, context });
    return next();
  }
}

describe('CommandRegistry', () => {
  const context = { organizationId: 'org', initiator: 'client' };
  let command: CountCommand;
  let registry: CommandRegistry;

  beforeEach(() => {
    command = new CountCommand();
    registry = new CommandRegistry([command]);
    next = async () => ({ counted: true });
  });

  it('runs a valid command with its body as an instance of the body class', async () => {
    await expect(registry.dispatch('COUNT', { count: 2 }, context)).resolves.toEqual({ outcome: 'SUCCESS', result: { counted: true } });
    expect(command.seen).toHaveLength(1);
    expect(command.seen[0].body).toBeInstanceOf(CountBody);
    expect(command.seen[0].context).toEqual(context);
  });

  it('refuses an unknown name, pointing at /commandName', async () => {
    const error = await registry.dispatch('NOPE', {}, context).catch((e) => e);
    expect(error).toBeInstanceOf(BadRequestProblem);
    expect(error.problem.errors).toEqual([{ pointer: '/commandName', message: 'must be one of COUNT' }]);
  });

  it('refuses an invalid body with pointers under /commandBody, without running it', async () => {
    const error = await registry.dispatch('COUNT', { count: 0, extra: 1 }, context).catch((e) => e);
    expect(error).toBeInstanceOf(BadRequestProblem);
    expect(error.problem.errors).toEqual([
      { pointer: '/commandBody/extra', message: 'is not a known property' },
      { pointer: '/commandBody/count', message: 'must be at least 1' },
    ]);
    expect(command.seen).toHaveLength(0);
  });

  it.each([
    ['a 404', new NotFoundProblem('No such order.'), 'No such order.'],
    ['a 409', new ConflictProblem('Not in this state.'), 'Not in this state.'],
  ])('turns %s of the use case into FAILED with its detail as the reason', async (_case, problem, reason) => {
    next = () => Promise.reject(problem);
    await expect(registry.dispatch('COUNT', { count: 1 }, context)).resolves.toEqual({ outcome: 'FAILED', reason });
  });

  it('lets any other error through (a 5xx stays a 5xx)', async () => {
    const failure = new Error('database gone');
    next = () => Promise.reject(failure);
    await expect(registry.dispatch('COUNT', { count: 1 }, context)).rejects.toBe(failure);
  });
});
