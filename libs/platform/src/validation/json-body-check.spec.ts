import { findForbiddenJson } from './json-body-check';
import { createValidationPipe } from './validation.pipe';
import { BadRequestProblem } from '../problem/problem.exception';

describe('findForbiddenJson', () => {
  it('finds NUL characters in strings and property names at any depth, with their pointers', () => {
    const body = JSON.parse('{"a":"x\\u0000","b":[{"c":"ok"},{"d":["\\u0000"]}],"k\\u0000":1,"e/f":"\\u0000"}');
    expect(findForbiddenJson(body)).toEqual([
      { pointer: '/a', message: 'must not contain the NUL character (U+0000)' },
      { pointer: '/b/1/d/0', message: 'must not contain the NUL character (U+0000)' },
      { pointer: '/k\u0000', message: 'is a property name containing the NUL character (U+0000)' },
      { pointer: '/e~1f', message: 'must not contain the NUL character (U+0000)' },
    ]);
  });

  it('finds lone surrogates in strings and property names, and lets pairs (characters outside the BMP) through', () => {
    const body = JSON.parse('{"a":"x\\uD800","b":["\\uDFFFy"],"c":"\\uD83D\\uDE00 \\uD83D\\uDCA5","k\\uDC00":1,"d":"\\uDE00\\uD83D"}');
    expect(findForbiddenJson(body)).toEqual([
      { pointer: '/a', message: 'must be well-formed Unicode (a lone surrogate such as \\uD800 is not a character)' },
      { pointer: '/b/0', message: 'must be well-formed Unicode (a lone surrogate such as \\uD800 is not a character)' },
      { pointer: '/k\uDC00', message: 'is a property name that is not well-formed Unicode (a lone surrogate)' },
      { pointer: '/d', message: 'must be well-formed Unicode (a lone surrogate such as \\uD800 is not a character)' },
    ]);
  });

  it('names an own __proto__ property as unknown, at any depth', () => {
    const body = JSON.parse('{"__proto__":{"x":1},"lineItems":[{"__proto__":null}]}');
    expect(findForbiddenJson(body)).toEqual([
      { pointer: '/__proto__', message: 'is not a known property' },
      { pointer: '/lineItems/0/__proto__', message: 'is not a known property' },
    ]);
  });

  it('names constructor and prototype properties as unknown too', () => {
    const body = JSON.parse('{"constructor":{"prototype":{"x":1}},"releaseChannel":"BETA"}');
    expect(findForbiddenJson(body)).toEqual([
      { pointer: '/constructor', message: 'is not a known property' },
      { pointer: '/constructor/prototype', message: 'is not a known property' },
    ]);
  });

  it('finds nothing in an ordinary body', () => {
    expect(findForbiddenJson({ a: 'text', b: [1, null, true, { c: 'é' }] })).toEqual([]);
  });

  it('is applied by the validation pipe to every body, before its DTO', async () => {
    const error = await createValidationPipe()
      .transform(JSON.parse('{"name":"a\\u0000"}'), { type: 'body' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestProblem);
    expect((error as BadRequestProblem).problem.errors).toEqual([{ pointer: '/name', message: 'must not contain the NUL character (U+0000)' }]);
  });
});
