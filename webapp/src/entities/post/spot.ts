/** Where a hotspot sits on a post's photo, in words a screen reader can say: x and y are
 *  fractions 0..1 of the photo's width and height. */
export function describeSpot(x: number, y: number): string {
  const row = y < 1 / 3 ? 'top' : y < 2 / 3 ? 'middle' : 'bottom';
  const column = x < 1 / 3 ? 'left' : x < 2 / 3 ? 'centre' : 'right';
  const where =
    row === 'middle' && column === 'centre'
      ? 'the centre'
      : row === 'middle'
        ? `the middle ${column}`
        : `the ${row} ${column}`;
  return `${where} of the photo (${Math.round(x * 100)}% across, ${Math.round(y * 100)}% down)`;
}

/** One arrow-key step for a pin: 5% of the photo, 1% with Shift. */
export function stepSpot(x: number, y: number, key: string, fine: boolean): [number, number] | null {
  const step = fine ? 0.01 : 0.05;
  const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
  switch (key) {
    case 'ArrowLeft':
      return [clamp(x - step), y];
    case 'ArrowRight':
      return [clamp(x + step), y];
    case 'ArrowUp':
      return [x, clamp(y - step)];
    case 'ArrowDown':
      return [x, clamp(y + step)];
    default:
      return null;
  }
}
