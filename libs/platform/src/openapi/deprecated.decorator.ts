// Retiring an operation or a field: `@Deprecated({ since, sunset })` on a handler or on a DTO property.
// The document marks it `deprecated: true`; every answer of the operation (for a field: of each operation
// whose request or answer holds it) carries `Deprecation` (RFC 9745: since when, as `@<epoch seconds>`),
// `Sunset` (RFC 8594: the HTTP date after which it may be gone) and, when given, `Link: <...>; rel="deprecation"`.
// Which operations those are is worked out once at boot, from the document; each gets a route layer that
// sets its headers, and no other request does any work for deprecation.
// The policy (how long before the sunset, what /v0 promises) is in docs/decisions/integrator-kit.md.
import { DECORATORS, OpenAPIObject } from '@nestjs/swagger';
import type { Express, NextFunction, Request, Response } from 'express';

export interface DeprecationOptions {
  /** The date it was deprecated (YYYY-MM-DD, UTC). */
  since: string;
  /** The date after which it may be removed (YYYY-MM-DD, UTC): the policy's notice period after `since`. */
  sunset: string;
  /** A page explaining the replacement (the changelog entry, say). */
  link?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Deprecated handlers by method name, which is their operationId (setup-openapi.ts). */
const deprecatedHandlers = new Map<string, DeprecationOptions>();
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
      deprecatedHandlers.set(String(key), options);
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

/** A deprecated operation: what the route layer matches, and the dates its answers carry. */
export interface DeprecatedOperation {
  method: string;
  /** The document's path template, `{name}` for a parameter. */
  path: string;
  options: DeprecationOptions;
}

/** Whether any handler or field is deprecated: only then is the document needed at boot. */
export const anyDeprecation = (): boolean => deprecatedHandlers.size > 0 || deprecatedFields.size > 0;

/** What applyDeprecations found in each document it marked. */
const deprecatedOperations = new WeakMap<OpenAPIObject, DeprecatedOperation[]>();

/**
 * Marks the deprecated fields in the document and documents the headers on the answers of every operation
 * that is deprecated or holds a deprecated field, and remembers those operations with their dates.
 */
export function applyDeprecations(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Json & { properties?: Record<string, Json> }>;
  for (const [schema, fields] of deprecatedFields) {
    const properties = schemas[schema]?.properties ?? {};
    for (const field of fields.keys()) if (properties[field]) properties[field].deprecated = true;
  }
  const deprecated: DeprecatedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item) as [string, Json & { operationId?: string; deprecated?: boolean; responses?: Record<string, Json> }][]) {
      if (!operation?.responses || !operation.operationId) continue;
      const fields = [...referencedSchemas(operation, schemas)].flatMap((name) => [...(deprecatedFields.get(name)?.values() ?? [])]);
      const own = operation.deprecated ? deprecatedHandlers.get(operation.operationId) : undefined;
      if (!own && fields.length === 0) continue;
      // The operation's own dates, else the earliest sunset of its fields: the one a caller must act on.
      deprecated.push({ method, path, options: own ?? fields.sort((a, b) => a.sunset.localeCompare(b.sunset))[0] });
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status.startsWith('2')) response.headers = { ...(response.headers as Json | undefined), ...HEADER_DOCS };
      }
    }
  }
  deprecatedOperations.set(document, deprecated);
}

/**
 * A route layer per deprecated operation of the document, ahead of the application's routes (so registered
 * at configuration, before they are), that sets the operation's headers and passes the request on.
 */
export function answerDeprecations(express: Express, document: OpenAPIObject): void {
  for (const { method, path, options } of deprecatedOperations.get(document) ?? []) {
    const headers = Object.entries(deprecationHeaders(options));
    const route = path.replace(/\{([^}]+)\}/g, ':$1');
    express[method as 'get'](route, (_req: Request, res: Response, next: NextFunction) => {
      for (const [name, value] of headers) res.setHeader(name, value);
      next();
    });
  }
}
