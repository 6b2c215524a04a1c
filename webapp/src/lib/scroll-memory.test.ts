import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreScroll, type ScrollWindow } from './scroll-memory';

/** A window whose page is ``height`` tall: scrolling clamps to what exists, as browsers do. */
function page(height: number, viewport = 800) {
  const listeners = new Map<string, Set<() => void>>();
  const state = { height, y: 0 };
  const win: ScrollWindow = {
    scrollTo: (_x, y) => {
      state.y = Math.max(0, Math.min(y, state.height - viewport));
    },
    get scrollY() {
      return state.y;
    },
    addEventListener: (type, listener) => {
      listeners.set(type, (listeners.get(type) ?? new Set()).add(listener));
    },
    removeEventListener: (type, listener) => {
      listeners.get(type)?.delete(listener);
    },
    setTimeout: (handler, ms) => setTimeout(handler, ms) as unknown as number,
    clearTimeout: (id) => clearTimeout(id),
  };
  let grew: (() => void) | undefined;
  const watchGrowth = (changed: () => void) => {
    grew = changed;
    return () => {
      grew = undefined;
    };
  };
  const grow = (to: number) => {
    state.height = to;
    grew?.();
  };
  const fire = (type: string) => [...(listeners.get(type) ?? [])].forEach((listener) => listener());
  return { win, state, watchGrowth, grow, fire, watching: () => grew !== undefined };
}

describe('restoreScroll', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lands exactly on the saved position once lazily loaded content makes the page tall enough', () => {
    const p = page(1200);
    restoreScroll(p.win, 2600, { watchGrowth: p.watchGrowth });
    expect(p.state.y).toBe(400); // clamped: the rows have not arrived
    p.grow(2400);
    vi.advanceTimersByTime(300);
    p.grow(4000);
    expect(p.state.y).toBe(2600);
    vi.advanceTimersByTime(1000);
    expect(p.watching()).toBe(true); // (a next row may still come)
    p.grow(4200); // it does, a second after the last: the position is kept
    expect(p.state.y).toBe(2600);
    vi.advanceTimersByTime(1600);
    expect(p.watching()).toBe(false); // it held and the page settled: done
  });

  it('keeps the position when content above it loads after it first held', () => {
    const p = page(4000);
    restoreScroll(p.win, 2600, { watchGrowth: p.watchGrowth });
    p.state.y = 2100; // a row above shrank the page and the browser moved the view
    p.grow(4400);
    expect(p.state.y).toBe(2600);
  });

  it('stops as soon as the visitor scrolls or types', () => {
    const p = page(1200);
    restoreScroll(p.win, 2600, { watchGrowth: p.watchGrowth });
    p.fire('wheel');
    p.grow(4000);
    expect(p.state.y).toBe(400);
    expect(p.watching()).toBe(false);
  });

  it('gives up when the page never grows enough', () => {
    const p = page(1200);
    restoreScroll(p.win, 2600, { watchGrowth: p.watchGrowth, patience: 4000 });
    vi.advanceTimersByTime(4000);
    expect(p.watching()).toBe(false);
    expect(p.state.y).toBe(400);
  });

  it('can be cancelled when the visitor leaves the page', () => {
    const p = page(1200);
    const cancel = restoreScroll(p.win, 2600, { watchGrowth: p.watchGrowth });
    cancel();
    p.grow(4000);
    expect(p.state.y).toBe(400);
  });
});
