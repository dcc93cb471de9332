// Webhooks
export * from './webhooks.module';
export * from './dto/webhook-endpoint.dto';
export * from './policies/webhook-target';
export * from './use-cases/webhook-endpoints.service';
export * from './model/webhook-options';
export * from './model/retry-schedule';
export * from './model/webhook-event-mapping';
export * from './dto/webhook-delivery.dto';
export * from './dto/webhook-payload.dto';
export * from './policies/webhook-address.policy';
export * from './use-cases/webhook-dispatcher';
export * from './use-cases/webhook-delivery-workers';
export * from './policies/failing-endpoint.policy';
export * from './use-cases/webhook-delivery-queue';
export * from './use-cases/webhook-sender';
export * from './use-cases/webhook-signature';
