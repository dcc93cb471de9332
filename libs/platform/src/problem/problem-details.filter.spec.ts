import { NotFoundException } from '@nestjs/common';
import { toProblem } from './problem-details.filter';
import { BadRequestProblem } from './problem.exception';

const request = { method: 'GET', path: '/v0/x' };

describe('toProblem', () => {
  it('keeps a problem exception as it is, with its field errors', () => {
    const { problem } = toProblem(new BadRequestProblem('The request is not valid.', [{ pointer: '/a', message: 'is required' }]), request);
    expect(problem).toEqual({
      type: '/problems/validation-failed',
      title: 'Bad Request',
      status: 400,
      detail: 'The request is not valid.',
      errors: [{ pointer: '/a', message: 'is required' }],
    });
  });

  it('describes an unknown route', () => {
    expect(toProblem(new NotFoundException(), request).problem).toEqual({
      type: '/problems/not-found',
      title: 'Not Found',
      status: 404,
      detail: 'No operation is served at GET /v0/x.',
    });
  });

  it('never shows the message of an unexpected error', () => {
    const { problem } = toProblem(new Error('relation "secret_table" does not exist at /srv/app.js:1'), request);
    expect(problem.status).toBe(500);
    expect(JSON.stringify(problem)).not.toContain('secret_table');
    expect(JSON.stringify(problem)).not.toContain('app.js');
  });
});
