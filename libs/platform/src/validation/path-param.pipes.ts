// Path parameters are checked before anything else: a malformed one is a 400 problem, never a 500.
import { Injectable, PipeTransform } from '@nestjs/common';
import { BadRequestProblem } from '../problem/problem.exception';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const ENTITY_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const BARCODE = /^[A-Za-z0-9._-]{1,100}$/;

function check(pattern: RegExp, message: string) {
  @Injectable()
  class PathParamPipe implements PipeTransform<string, string> {
    transform(value: string, metadata: { data?: string }): string {
      if (typeof value !== 'string' || !pattern.test(value)) {
        throw new BadRequestProblem(`The path parameter ${metadata.data} is not valid.`, [{ pointer: `/path/${metadata.data}`, message }]);
      }
      return value;
    }
  }
  return PathParamPipe;
}

export const OrganizationIdPipe = check(UUID, 'must be a UUID');
export const EntityIdPipe = check(ENTITY_ID, 'must be 1 to 100 letters, digits, dots, underscores, colons or hyphens');
export const BarcodePipe = check(BARCODE, 'must be 1 to 100 letters, digits, dots, underscores or hyphens');
