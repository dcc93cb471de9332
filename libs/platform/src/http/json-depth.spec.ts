import { MAX_JSON_DEPTH, jsonDepth, refuseDeepJson } from './json-depth';

const depth = (text: string) => jsonDepth(Buffer.from(text));

describe('jsonDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(depth('1')).toBe(0);
    expect(depth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(depth('{"a":"[[[[{{{{","b":"\\"[[["}')).toBe(1);
  });

  it('stops counting past the limit', () => {
    expect(depth('['.repeat(100_000))).toBe(Infinity);
    expect(depth(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBe(MAX_JSON_DEPTH);
  });

  it('refuses a body nested too deeply with a 400 body-parser error', () => {
    expect(() => refuseDeepJson(undefined, undefined, Buffer.from('['.repeat(MAX_JSON_DEPTH + 1)))).toThrow(
      expect.objectContaining({ status: 400, type: 'entity.too.deep' }),
    );
    expect(() => refuseDeepJson(undefined, undefined, Buffer.from('{"a":[{"b":1}]}'))).not.toThrow();
  });
});
