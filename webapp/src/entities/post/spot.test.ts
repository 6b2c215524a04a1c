import { describe, expect, it } from 'vitest';
import { describeSpot, stepSpot } from './spot';

describe('describeSpot', () => {
  it('names the ninth of the photo and the exact position', () => {
    expect(describeSpot(0.1, 0.1)).toBe('the top left of the photo (10% across, 10% down)');
    expect(describeSpot(0.5, 0.5)).toBe('the centre of the photo (50% across, 50% down)');
    expect(describeSpot(0.9, 0.5)).toBe('the middle right of the photo (90% across, 50% down)');
    expect(describeSpot(0.5, 0.95)).toBe('the bottom centre of the photo (50% across, 95% down)');
  });
});

describe('stepSpot', () => {
  it('moves 5% per arrow, 1% with Shift, and stays on the photo', () => {
    expect(stepSpot(0.5, 0.5, 'ArrowLeft', false)).toEqual([0.45, 0.5]);
    expect(stepSpot(0.5, 0.5, 'ArrowDown', true)).toEqual([0.5, 0.51]);
    expect(stepSpot(0.02, 0.5, 'ArrowLeft', false)).toEqual([0, 0.5]);
    expect(stepSpot(0.5, 0.99, 'ArrowDown', false)).toEqual([0.5, 1]);
    expect(stepSpot(0.5, 0.5, 'Enter', false)).toBeNull();
  });
});
