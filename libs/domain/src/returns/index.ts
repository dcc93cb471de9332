// Returns: the return state machine, what an order may still return, what processing may say, and the steps
export * from './returns.module';
export * from './policies/return-state-machine';
export * from './policies/returnable-quantities';
export * from './policies/return-processing';
export * from './dto/return.dto';
export * from './dto/processed-return-line.dto';
export * from './use-cases/return-lifecycle';
