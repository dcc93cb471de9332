// The internal gateway's dispatch-command, as its controller runs it (the real CommandDispatchModule on the
// test's database), for the tests of the public gateway that race an integrator's request against a
// warehouse's command: each call is its own transaction on its own connection, as a request on the
// internal gateway is.
import { Database } from '@gateway/persistence';
import { CommandDispatchModule, CommandDispatchService, DispatchCommandOutcomeDto } from '@gateway/internal-tools';
import { withDomainModule } from './domain-module';

export type DispatchCommand = (commandName: string, organizationId: string, commandBody: object) => Promise<DispatchCommandOutcomeDto>;

/** Builds dispatch-command on `db`, hands it to `work`, and closes it afterwards. */
export function withCommandDispatch<T>(db: Database, work: (dispatch: DispatchCommand) => Promise<T>): Promise<T> {
  return withDomainModule(db, CommandDispatchModule, (moduleRef) => {
    const service = moduleRef.get(CommandDispatchService);
    return work((commandName, organizationId, commandBody) =>
      service.dispatch({ commandName, organizationId, commandBody } as Parameters<CommandDispatchService['dispatch']>[0], 'test-warehouse'),
    );
  });
}
