// The global validation pipe: whitelist, refuse unknown properties, transform; every problem
// reported at once, each with its JSON pointer.
import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ProblemFieldError, pointerToken } from '../problem/problem-details';
import { BadRequestProblem } from '../problem/problem.exception';

/** Constraints that say a value has the wrong type or should not be there: when one fails, the others add nothing. */
const TYPE_CONSTRAINTS = new Set(['whitelistValidation', 'isDefined', 'isString', 'isInt', 'isNumber', 'isBoolean', 'isObject', 'isArray', 'nestedValidation']);

export function flattenValidationErrors(errors: ValidationError[], parent = ''): ProblemFieldError[] {
  const out: ProblemFieldError[] = [];
  for (const error of errors) {
    const pointer = `${parent}/${pointerToken(error.property)}`;
    const constraints = Object.entries(error.constraints ?? {});
    const typeErrors = constraints.filter(([name]) => TYPE_CONSTRAINTS.has(name));
    for (const [name, message] of typeErrors.length ? typeErrors : constraints) {
      out.push({ pointer, message: name === 'whitelistValidation' ? 'is not a known property' : message });
    }
    if (error.children?.length) out.push(...flattenValidationErrors(error.children, pointer));
  }
  return out;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestProblem('The request is not valid.', flattenValidationErrors(errors)),
  });
}
