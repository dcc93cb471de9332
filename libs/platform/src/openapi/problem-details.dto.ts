// The problem body (RFC 9457) as an OpenAPI schema, for every documented error answer.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PROBLEM_TYPE_URIS } from '../problem/problem-types';

export class ProblemFieldErrorDto {
  @ApiProperty({ description: 'JSON pointer (RFC 6901) to the part of the request that is wrong', example: '/lineItems/0/quantity' })
  pointer!: string;

  @ApiProperty()
  message!: string;
}

export class ProblemDetailsDto {
  @ApiProperty({
    description: 'The problem type: a URI reference, relative to the gateway that answered. GET on it (no token needed) answers a page saying what the problem means and what to do; GET /problems lists them all.',
    enum: PROBLEM_TYPE_URIS,
    example: '/problems/validation-failed',
  })
  type!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty({ type: 'integer', minimum: 400, maximum: 599 })
  status!: number;

  @ApiProperty()
  detail!: string;

  @ApiPropertyOptional({ type: () => [ProblemFieldErrorDto], description: 'every problem of an invalid input' })
  errors?: ProblemFieldErrorDto[];

  @ApiPropertyOptional({ description: 'request id of a 5xx answer, as in X-Request-Id' })
  requestId?: string;
}
