// Returns: announcing, reading and cancelling a shipped order's returns
export * from './returns.module';
export * from './dto/create-return.dto';
export * from './dto/returns.openapi';
export * from './use-cases/returns.service';
