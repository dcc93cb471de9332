// Retiring an operation or a field: `@Deprecated({ since, sunset })` on a handler or on a DTO property.
// The document marks it `deprecated: true`; every answer of the operation (for a field: of each operation
// whose request or answer holds it) carries `Deprecation` (RFC 9745: since when, as `@<epoch seconds>`),
// `Sunset` (RFC 8594: the HTTP date after which it may be gone) and, when given, `Link: <...>; rel="deprecation"`.
// The policy (how long before the sunset, what /v0 promises) is in docs/decisions/integrator-kit.md.
import { CallHandler, ExecutionContext, INestApplication, NestInterceptor } from '@nestjs/common';
import { DECORATORS, OpenAPIObject } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Observable } from 'rxjs';

export interface DeprecationOptions {
  /** The date it was deprecated (YYYY-MM-DD, UTC). */
  since: string;
  /** The date after which it may be removed (YYYY-MM-DD, UTC): the policy's notice period after `since`. */
  sunset: string;
  /** A page explaining the replacement (the changelog entry, say). */
  link?: string;
}

const DEPRECATION = 'gateway:deprecation';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Deprecated fields by schema name and property: the document marks them, and the operations holding them answer with the headers. */
const deprecatedFields = new Map<string, Map<string, DeprecationOptions>>();

function checked(options: DeprecationOptions): DeprecationOptions {
  if (!DATE.test(options.since) || !DATE.test(options.sunset) || options.sunset <= options.since) throw new Error(`@Deprecated needs dates YYYY-MM-DD with sunset after since: ${JSON.stringify(options)}`);
  return options;
}

export function Deprecated(options: DeprecationOptions): MethodDecorator & PropertyDecorator {
  checked(options);
  return (target: object, key: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor?.value) {
      Reflect.defineMetadata(DEPRECATION, options, descriptor.value);
      const operation = Reflect.getMetadata(DECORATORS.API_OPERATION, descriptor.value) ?? {};
      Reflect.defineMetadata(DECORATORS.API_OPERATION, { ...operation, deprecated: true }, descriptor.value);
      return;
    }
    const schema = target.constructor.name;
    deprecatedFields.set(schema, (deprecatedFields.get(schema) ?? new Map()).set(String(key), options));
  };
}

/** The headers of a deprecated answer. */
export function deprecationHeaders(options: DeprecationOptions): Record<string, string> {
  return {
    Deprecation: `@${Date.parse(`${options.since}T00:00:00Z`) / 1000}`,
    Sunset: new Date(`${options.sunset}T00:00:00Z`).toUTCString(),
    ...(options.link ? { Link: `<${options.link}>; rel="deprecation"; type="text/html"` } : {}),
  };
}

const HEADER_DOCS = {
  Deprecation: { description: 'RFC 9745: this operation, or a field it takes or answers, is deprecated since this date (@epoch seconds)', schema: { type: 'string' } },
  Sunset: { description: 'RFC 8594: the date after which it may be removed (see the changelog)', schema: { type: 'string' } },
};

type Json = Record<string, unknown>;

/** The schema names a value refers to, transitively, through `$ref`. */
function referencedSchemas(value: unknown, schemas: Record<string, unknown>, seen = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((entry) => referencedSchemas(entry, schemas, seen));
  else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value as Json)) {
      if (key === '$ref' && typeof entry === 'string' && entry.startsWith('#/components/schemas/')) {
        const name = entry.slice('#/components/schemas/'.length);
        if (!seen.has(name)) {
          seen.add(name);
          referencedSchemas(schemas[name], schemas, seen);
        }
      } else referencedSchemas(entry, schemas, seen);
    }
  }
  return seen;
}

const servedDeprecations = new WeakMap<INestApplication, Map<string, DeprecationOptions>>();

/**
 * Marks the deprecated fields in the document, documents the headers on the answers of every operation
 * that is deprecated or holds a deprecated field, and remembers those operations (by operationId, the
 * handler's name) for the interceptor.
 */
export function applyDeprecations(app: INestApplication, document: OpenAPIObject): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Json & { properties?: Record<string, Json> }>;
  for (const [schema, fields] of deprecatedFields) {
    const properties = schemas[schema]?.properties ?? {};
    for (const field of fields.keys()) if (properties[field]) properties[field].deprecated = true;
  }
  const byOperation = new Map<string, DeprecationOptions>();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as (Json & { operationId?: string; deprecated?: boolean; responses?: Record<string, Json> })[]) {
      if (!operation?.responses || !operation.operationId) continue;
      const fields = [...referencedSchemas(operation, schemas)].flatMap((name) => [...(deprecatedFields.get(name)?.values() ?? [])]);
      if (!operation.deprecated && fields.length === 0) continue;
      // The earliest sunset is the one a caller must act on.
      if (fields.length > 0) byOperation.set(operation.operationId, fields.sort((a, b) => a.sunset.localeCompare(b.sunset))[0]);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status.startsWith('2')) response.headers = { ...(response.headers as Json | undefined), ...HEADER_DOCS };
      }
    }
  }
  servedDeprecations.set(app, byOperation);
  return document;
}

/** Sets the headers on the answers of deprecated operations and of those holding a deprecated field. */
export class DeprecationInterceptor implements NestInterceptor {
  constructor(private readonly app: INestApplication) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const handler = context.getHandler();
    const options: DeprecationOptions | undefined = Reflect.getMetadata(DEPRECATION, handler) ?? servedDeprecations.get(this.app)?.get(handler.name);
    if (options) {
      const response = context.switchToHttp().getResponse<Response>();
      for (const [name, value] of Object.entries(deprecationHeaders(options))) response.setHeader(name, value);
    }
    return next.handle();
  }
}
