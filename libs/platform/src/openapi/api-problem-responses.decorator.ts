// Documents the error answers of an operation as problem bodies (spec section 7, contract section 3).
import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { statusTitle } from '../problem/problem-details';


const DESCRIPTIONS: Record<number, string> = {
  400: 'invalid input data; each problem with its JSON pointer',
  401: 'authorization not provided (WWW-Authenticate: Bearer)',
  403: 'insufficient access',
  404: 'not found',
  409: 'conflict',
  413: 'the body is larger than this operation accepts',
  415: 'the body is not application/json',
  422: 'unprocessable',
  429: 'rate limited (Retry-After)',
  500: 'internal server error',
  503: 'service unavailable (Retry-After)',
};

/** The body of a problem answer in the document: application/problem+json, the ProblemDetailsDto schema (a new object each call). */
export const problemContent = () => ({ 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetailsDto' } } });

export const ApiProblemResponses = (...statuses: number[]) =>
  applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: `${statusTitle(status)}: ${DESCRIPTIONS[status] ?? ''}`, content: problemContent() }),
    ),
  );

