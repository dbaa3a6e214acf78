import { describe, expect, it } from 'vitest';
import { scaledSize } from './photo';

describe('photo size', () => {
  it('brings the long side down to 600 px, keeping the shape', () => {
    expect(scaledSize(4032, 3024)).toEqual({ width: 600, height: 450 });
    expect(scaledSize(720, 1280)).toEqual({ width: 338, height: 600 });
  });

  it('never enlarges a small picture', () => {
    expect(scaledSize(320, 240)).toEqual({ width: 320, height: 240 });
  });
});
