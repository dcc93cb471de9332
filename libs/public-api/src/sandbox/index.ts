// Sandbox: the simulations of the warehouse's steps and auto-advance, for sandbox organizations only
export * from './sandbox.module';
export * from './dto/sandbox-simulation.dto';
export * from './dto/sandbox.openapi';
export * from './model/sandbox-options';
export * from './policies/simulation-request.pipe';
export * from './use-cases/sandbox-steps';
export * from './use-cases/sandbox-simulations.service';
export * from './use-cases/sandbox-auto-advance.job';
