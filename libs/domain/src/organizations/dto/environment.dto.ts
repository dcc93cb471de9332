// The environment a record belongs to (contract 6.10): `sandbox` for a sandbox organization's data, `live` elsewhere.
import { ApiProperty } from '@nestjs/swagger';
import type { Environment } from '@gateway/persistence';

export const ENVIRONMENTS: readonly Environment[] = ['live', 'sandbox'];

/** The documented `environment` property of a record or a webhook payload. */
export const EnvironmentProperty = () =>
  ApiProperty({
    enum: ENVIRONMENTS,
    description: 'sandbox: the organization is a sandbox, and nothing of it reaches a real warehouse or is billed; live: everything else',
    example: 'live',
  });
