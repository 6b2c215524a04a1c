import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredData } from './use-deferred-data';

describe('useDeferredData', () => {
  it('waits while there is neither data nor an error, then shows the data', () => {
    type Query = { data: string[] | undefined; isError: boolean };
    const first: Query = { data: undefined, isError: false };
    const { result, rerender } = renderHook((query: Query) => useDeferredData(query), {
      initialProps: first,
    });
    expect(result.current).toEqual({ data: undefined, waiting: true });
    rerender({ data: ['jacket'], isError: false });
    expect(result.current).toEqual({ data: ['jacket'], waiting: false });
  });

  it('stops waiting on an error, with nothing to show', () => {
    const { result } = renderHook(() => useDeferredData({ data: undefined, isError: true }));
    expect(result.current).toEqual({ data: undefined, waiting: false });
  });
});
