import { vi } from 'vitest';

/**
 * jsdom has no layout, so recharts draws nothing: give each chart a phone's width (340 by
 * 220) and each measured label a width by its length, until the returned function undoes it.
 */
export function fakeChartLayout(): () => void {
  const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const text = this.id === 'recharts_measurement_span';
    const chart = this.classList.contains('recharts-responsive-container');
    const [width, height] = text ? [(this.textContent?.length ?? 0) * 7, 12] : chart ? [340, 220] : [0, 0];
    return { width, height, top: 0, left: 0, right: width, bottom: height, x: 0, y: 0, toJSON: () => ({}) };
  });
  return () => rect.mockRestore();
}
