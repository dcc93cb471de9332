// Marks a response or request class whose schema admits no additional properties; the generated
// document gets `additionalProperties: false` on it (@nestjs/swagger has no class-level option).
import { OpenAPIObject } from '@nestjs/swagger';

const closed = new Set<string>();

export const ClosedSchema = (): ClassDecorator => (target) => {
  closed.add(target.name);
};

export function closeSchemas(document: OpenAPIObject): OpenAPIObject {
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    if (closed.has(name) && 'properties' in schema) (schema as { additionalProperties?: boolean }).additionalProperties = false;
  }
  return document;
}
