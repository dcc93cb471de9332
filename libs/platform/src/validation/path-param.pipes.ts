// Path parameters are checked before anything else: a malformed one is a 400 problem, never a 500.
import { Injectable, Param, PipeTransform, Type } from '@nestjs/common';
import { ApiParam, SchemaObject } from '@nestjs/swagger';
import { BadRequestProblem } from '../problem/problem.exception';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const ENTITY_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const BARCODE = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * UUIDs are case-insensitive (RFC 9562 section 4): every organization id that enters a gateway (path, query,
 * body) is turned into the canonical lower case before any rule compares it. For query and body DTOs:
 * `@Transform(canonicalUuid)` (class-transformer), which leaves anything that is not a string to validation.
 */
export function canonicalUuid({ value }: { value: unknown }): unknown {
  return typeof value === 'string' ? value.toLowerCase() : value;
}

function check(pattern: RegExp, message: string, canonical: (value: string) => string = (value) => value) {
  @Injectable()
  class PathParamPipe implements PipeTransform<string, string> {
    transform(value: string, metadata: { data?: string }): string {
      if (typeof value !== 'string' || !pattern.test(value)) {
        throw new BadRequestProblem(`The path parameter ${metadata.data} is not valid.`, [{ pointer: `/path/${metadata.data}`, message }]);
      }
      return canonical(value);
    }
  }
  return PathParamPipe;
}

/** A UUID, answered in lower case whatever case it was sent in. */
export const OrganizationIdPipe = check(UUID, 'must be a UUID', (value) => value.toLowerCase());
export const EntityIdPipe = check(ENTITY_ID, 'must be 1 to 100 letters, digits, dots, underscores, colons or hyphens');
export const BarcodePipe = check(BARCODE, 'must be 1 to 100 letters, digits, dots, underscores or hyphens');

/**
 * A validated path parameter, documented with the rule its pipe enforces: `@Param(name, pipe)` for the
 * handler and `@ApiParam` for the OpenAPI document, from one decorator so the two cannot drift apart.
 */
function pathParam(name: string, pipe: Type<PipeTransform>, schema: SchemaObject, description: string, example?: string | ParamExample): ParameterDecorator {
  return (target, key, index) => {
    Param(name, pipe)(target, key, index);
    const descriptor = key === undefined ? undefined : Object.getOwnPropertyDescriptor(target, key);
    if (key !== undefined && descriptor)
      ApiParam({
        name,
        required: true,
        schema,
        description,
        ...(typeof example === 'object' ? demoExample(example.value, example.summary) : demoExample(example)),
      })(target, key, descriptor);
  };
}

/** A parameter's example (`examples`, which Swagger UI fills in; a parameter with a schema loses a plain `example` in @nestjs/swagger). */
export const demoExample = (value: string | undefined, summary = 'in the demo data') => (value === undefined ? {} : { examples: { demo: { summary, value } } });

/** An example that is not in the demo data (an id the API generates), with what to put there instead. */
export interface ParamExample {
  value: string;
  summary: string;
}

/**
 * Examples are values of the demo data (`fixtures/demo.json`, imported by `npm start`), so that Swagger UI's
 * "Try it out" is filled with a request that works there.
 */
export const DEMO_ORGANIZATION_ID = '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01';

export const OrganizationIdParam = () =>
  pathParam('organizationId', OrganizationIdPipe, { type: 'string', format: 'uuid' }, 'the organization (a UUID, in any case)', DEMO_ORGANIZATION_ID);
export const EntityIdParam = (name: string, description: string, example?: string) =>
  pathParam(name, EntityIdPipe, { type: 'string', pattern: ENTITY_ID.source }, description, example);
export const BarcodeParam = () =>
  pathParam('barcode', BarcodePipe, { type: 'string', pattern: BARCODE.source }, 'the barcode of a retail unit', '8710000000011');
/** Another UUID in a path (a sales order, a webhook endpoint), answered in lower case. */
export const UuidParam = (name: string, description: string, example?: ParamExample) =>
  pathParam(name, OrganizationIdPipe, { type: 'string', format: 'uuid' }, description, example);
