// Command dispatch: the registry of dispatch-command and its commands
export * from './command-dispatch.module';
export * from './dto/dispatch-command.dto';
export * from './policies/command-body-rules';
export * from './policies/command-registry';
export * from './policies/dispatchable-commands';
export * from './use-cases/command-dispatch.service';
export * from './dto/command-dispatch.openapi';
