import { useFixture } from './use-fixture';

const log: string[] = [];

describe('a block with a fixture', () => {
  const { counter } = useFixture(async (defer) => {
    log.push('set up');
    defer(async () => void log.push('undo the first'));
    defer(async () => void log.push('undo the second'));
    return { counter: { count: 1, label: 'one' } };
  });
  const early = (() => {
    try {
      return counter.count;
    } catch (error) {
      return (error as Error).message;
    }
  })();

  it('refuses a read before its beforeAll ran', () => {
    expect(early).toBe("the fixture's counter is read outside the tests and hooks of its describe block");
  });

  it('reads the value made in beforeAll through the stand-in, fields and spread alike', () => {
    expect(counter.count).toBe(1);
    expect({ ...counter }).toEqual({ count: 1, label: 'one' });
    expect('label' in counter).toBe(true);
  });
});

describe('after the block', () => {
  it('undid what the fixture made, last registered first', () => {
    expect(log).toEqual(['set up', 'undo the second', 'undo the first']);
  });
});
