// The problem body (RFC 9457) as an OpenAPI schema, for every documented error answer.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ProblemFieldErrorDto {
  @ApiProperty({ description: 'JSON pointer (RFC 6901) to the part of the request that is wrong', example: '/lineItems/0/quantity' })
  pointer!: string;

  @ApiProperty()
  message!: string;
}

export class ProblemDetailsDto {
  @ApiProperty({ description: 'URI reference of the problem type', example: 'about:blank' })
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
