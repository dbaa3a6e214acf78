import { describe, expect, it } from 'vitest';
import { moveItem } from './order';

describe('moveItem', () => {
  it('moves one item up, down, to the ends, and leaves the list as it was out of range', () => {
    const ids = ['a', 'b', 'c', 'd'];
    expect(moveItem(ids, 1, 0)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(ids, 1, 2)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveItem(ids, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveItem(ids, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(ids, 0, -1)).toEqual(ids);
    expect(moveItem(ids, 3, 4)).toEqual(ids);
    expect(ids).toEqual(['a', 'b', 'c', 'd']);
  });
});
