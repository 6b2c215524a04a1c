import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useGradualCount } from './use-gradual-count';

describe('useGradualCount', () => {
  it('shows items there at mount at once (a page come back to from the cache)', () => {
    const { result } = renderHook(() => useGradualCount(12));
    expect(result.current).toBe(12);
  });

  it('adds items that arrive later a step at a time, none in the render they arrive in', async () => {
    const seen: number[] = [];
    const { result, rerender } = renderHook(
      ({ total }: { total: number }) => {
        const shown = useGradualCount(total, 2);
        seen.push(shown);
        return shown;
      },
      { initialProps: { total: 0 } },
    );
    rerender({ total: 5 });
    expect(seen.at(-1)).toBe(0);
    await waitFor(() => expect(result.current).toBe(5));
    // Every step added at most two: 0, 2, 4, 5 (each possibly rendered more than once).
    const steps = [...new Set(seen)];
    expect(steps).toEqual([0, 2, 4, 5]);
  });

  it('follows a shorter list down, then adds the next items gradually again', async () => {
    const { result, rerender } = renderHook(({ total }: { total: number }) => useGradualCount(total, 3), {
      initialProps: { total: 6 },
    });
    rerender({ total: 0 });
    expect(result.current).toBe(0);
    rerender({ total: 4 });
    expect(result.current).toBe(0);
    await waitFor(() => expect(result.current).toBe(4));
  });
});
