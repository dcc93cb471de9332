// The global validation pipe: whitelist, refuse unknown properties, transform; every problem
// reported at once, each with its JSON pointer.
import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ProblemFieldError, pointerToken } from '../problem/problem-details';
import { BadRequestProblem } from '../problem/problem.exception';

export function flattenValidationErrors(errors: ValidationError[], parent = ''): ProblemFieldError[] {
  const out: ProblemFieldError[] = [];
  for (const error of errors) {
    const pointer = `${parent}/${pointerToken(error.property)}`;
    for (const message of Object.values(error.constraints ?? {})) {
      out.push({ pointer, message: message.replace(/^property \S+ /, 'property ') });
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
