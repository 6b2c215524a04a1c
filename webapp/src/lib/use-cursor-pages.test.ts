import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCursorPages } from './use-cursor-pages';

describe('useCursorPages', () => {
  it('follows next cursors, goes back, and starts over when the key changes', () => {
    const { result, rerender } = renderHook(({ key }) => useCursorPages(key), {
      initialProps: { key: 'all|' },
    });
    expect(result.current).toMatchObject({ cursor: null, page: 1 });
    act(() => result.current.next('c2'));
    act(() => result.current.next('c3'));
    expect(result.current).toMatchObject({ cursor: 'c3', page: 3 });
    act(() => result.current.previous());
    expect(result.current).toMatchObject({ cursor: 'c2', page: 2 });
    rerender({ key: 'all|maya' });
    expect(result.current).toMatchObject({ cursor: null, page: 1 });
    act(() => result.current.previous());
    expect(result.current).toMatchObject({ cursor: null, page: 1 });
  });
});
