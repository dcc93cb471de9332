// One decorator per operation for its OpenAPI documentation: what it does (summary, description), the body it
// takes, the answer it gives with an example, and the problems it may answer instead. The controller states the
// summary; the rest lives in the `<context>/dto/<context>.openapi.ts` file next to the DTOs it documents, so that a
// controller reads as its routes.
import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiBodyOptions, ApiConsumes, ApiOperation, ApiResponse, ApiResponseOptions } from '@nestjs/swagger';
import type { HeadersObject, SchemaObject } from '@nestjs/swagger';
import { ApiProblemResponses, problemContent } from './api-problem-responses.decorator';
import { Deprecated, DeprecationOptions } from './deprecated.decorator';

/** The success answer of an operation. */
export interface EndpointAnswer {
  /** 200 unless said. */
  status?: number;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  type?: Function | [Function];
  /** A schema written out, for an answer that is not one DTO (a `oneOf`). */
  schema?: SchemaObject;
  description?: string;
  example?: unknown;
  /** Response headers it documents (Location, Retry-After, ...), by name; RateLimit ones are added to every bearer operation's. */
  headers?: HeadersObject;
}

/** A problem answer (application/problem+json) with a text of its own instead of the standard one for its status. */
export interface ProblemAnswer {
  status: number;
  description: string;
  headers?: HeadersObject;
}

/** What the documentation file of a context says about one operation: everything but its summary. */
export interface EndpointDocs {
  description?: string;
  /** The media type of a body that is not JSON (the token endpoint's form). */
  consumes?: string;
  body?: ApiBodyOptions;
  answer?: EndpointAnswer;
  /** The problems it answers: a status with the standard text, or a text (and headers) of its own. */
  problems?: (number | ProblemAnswer)[];
  /** Error answers that are not problem details (an OAuth error object), written as @nestjs/swagger takes them. */
  errors?: ApiResponseOptions[];
}

export interface EndpointOptions extends EndpointDocs {
  summary: string;
  /** Retiring the operation: marks it deprecated and has its answers carry Deprecation and Sunset (see @Deprecated). */
  deprecated?: DeprecationOptions;
}

/** A context's documentation file: its operations' docs by operationId (the handler's name). */
export const operationDocs = <Operation extends string>(docs: Record<Operation, EndpointDocs>): Record<Operation, EndpointDocs> => docs;

function answerResponse({ status = 200, type, schema, description, example, headers }: EndpointAnswer): ApiResponseOptions {
  // A fresh object each time: ApiResponse writes into the options it is given.
  return { status, ...defined({ type, schema, description, example, headers }) } as ApiResponseOptions;
}

const defined = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;

/**
 * The documentation of an operation in one decorator. `summary` (and `deprecated`) in the controller; the rest
 * usually spread from the context's documentation file: `@Endpoint({ summary: '...', ...INVOICE_DOCS.list })`.
 */
export function Endpoint(options: EndpointOptions): MethodDecorator {
  const { summary, description, consumes, body, answer, problems = [], errors = [], deprecated } = options;
  const standard = problems.filter((problem): problem is number => typeof problem === 'number');
  const own = problems.filter((problem): problem is ProblemAnswer => typeof problem === 'object');
  // Applied in this order: @Deprecated reads what ApiOperation wrote, so it comes after it.
  const decorators: MethodDecorator[] = [
    ...errors.map((error) => ApiResponse({ ...error })),
    ...own.map(({ status, description: text, headers }) => ApiResponse({ status, description: text, ...defined({ headers }), content: problemContent() })),
    ApiProblemResponses(...standard),
    ...(answer ? [ApiResponse(answerResponse(answer))] : []),
    ...(body ? [ApiBody({ ...body })] : []),
    ...(consumes ? [ApiConsumes(consumes)] : []),
    ApiOperation(defined({ summary, description })),
    ...(deprecated ? [Deprecated(deprecated)] : []),
  ];
  return applyDecorators(...decorators);
}
