// The global validation pipe: whitelist, refuse unknown properties, transform; every problem
// reported at once, each with its JSON pointer. Pointers into a body start at the body's root
// ("/lineItems/0/quantity"); pointers into the query string start with "/query" ("/query/limit"),
// as those into the path start with "/path".
import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { ProblemFieldError, pointerToken } from '../problem/problem-details';
import { BadRequestProblem } from '../problem/problem.exception';
import { findForbiddenJson } from './json-body-check';
import { NoQueryParameters } from './no-query-parameters';

/** Constraints that say a value has the wrong type or should not be there: when one fails, the others add nothing. */
const TYPE_CONSTRAINTS = new Set(['whitelistValidation', 'isDefined', 'isString', 'isInt', 'isNumber', 'isBoolean', 'isObject', 'isArray', 'nestedValidation']);

/**
 * class-validator's own words when a nested value is not an object ("nested property x must be either
 * object or array"), said the way every other message is.
 */
const NOT_AN_OBJECT = 'must be an object';

/**
 * One entry per property: "is required" when it is missing, else its one type error when it has the wrong
 * type (then its children, validated against a value of the wrong shape, are not reported: their pointers
 * would name things that are not in the body), else every rule it breaks.
 */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): ProblemFieldError[] {
  const out: ProblemFieldError[] = [];
  for (const error of errors) {
    const pointer = `${parent}/${pointerToken(error.property)}`;
    const constraints = Object.entries(error.constraints ?? {});
    const typeErrors = constraints.filter(([name]) => TYPE_CONSTRAINTS.has(name));
    if (typeErrors.length > 0) {
      const [name, message] = typeErrors.find(([n]) => n === 'isDefined') ?? typeErrors.find(([n]) => n !== 'nestedValidation') ?? typeErrors[0];
      out.push({ pointer, message: name === 'whitelistValidation' ? 'is not a known property' : name === 'nestedValidation' ? NOT_AN_OBJECT : message });
      continue;
    }
    for (const [, message] of constraints) out.push({ pointer, message });
    if (error.children?.length) out.push(...flattenValidationErrors(error.children, pointer));
  }
  return out;
}

const isJsonObject = (value: unknown): boolean => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * What a body is refused for before its DTO sees it: a whole body that is valid JSON but not an object (an
 * array, a string, null), said once at the root; else what no body may hold anywhere (findForbiddenJson).
 */
function bodyProblems(value: unknown, metadata: ArgumentMetadata): ProblemFieldError[] {
  if (!metadata.data && value !== undefined && !isJsonObject(value) && metadata.metatype && metadata.metatype !== Object) {
    return [{ pointer: '', message: 'must be a JSON object' }];
  }
  return findForbiddenJson(value, metadata.data ? `/${pointerToken(metadata.data)}` : '');
}

/** A query string with no parameter at all: express's parsed query is an object without own keys. */
function isEmptyQuery(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

class GatewayValidationPipe extends ValidationPipe {
  // Nest's pipe walks each value twice more before validating it: for arrays with gaps (closed in place) and for
  // binary values (Buffers) where a nested object is expected. What reaches this pipe is parsed JSON, a form or
  // query string (node:querystring: strings and dense arrays of strings) or a path parameter, none of which can
  // hold either; the two walks were a share of an order's CPU worth saving.
  protected override closeArrayGaps(): void {
    // JSON and query strings have no array gaps.
  }

  protected override findNestedBinaryValues(): ValidationError[] {
    return [];
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // Most reads take no query parameters and are sent none: nothing to transform or refuse, so the
    // class-transformer/class-validator round is skipped (docs/decisions/benchmarks.md#what-the-figures-changed-in-the-gateway).
    if (metadata.type === 'query' && metadata.metatype === NoQueryParameters && isEmptyQuery(value)) return value;
    if (metadata.type === 'body') {
      const problems = bodyProblems(value, metadata);
      if (problems.length > 0) throw new BadRequestProblem('The request is not valid.', problems);
    }
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      if (metadata.type === 'query' && error instanceof BadRequestProblem) {
        throw new BadRequestProblem(
          'The query is not valid.',
          (error.problem.errors ?? []).map((e) => ({ ...e, pointer: `/query${e.pointer}` })),
        );
      }
      throw error;
    }
  }
}

export function createValidationPipe(): ValidationPipe {
  return new GatewayValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestProblem('The request is not valid.', flattenValidationErrors(errors)),
  });
}
