import { waitFor } from '@testing-library/react';
import { createElement, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test-utils/render';
import { restoreScroll, revealTarget, useScrollMemory, type ScrollWindow } from './scroll-memory';

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

describe('revealTarget', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  /** A section drawn at ``top`` px down the page once its data has loaded. */
  function section(id: string, top: number): HTMLElement {
    const element = document.createElement('section');
    element.id = id;
    element.getBoundingClientRect = () => ({ top, bottom: top + 300 }) as DOMRect;
    return element;
  }

  it('brings a part drawn after the page opened into view below the header, and focuses it', () => {
    const p = page(3000);
    const find = () => document.getElementById('email-notifications');
    revealTarget(p.win, find, { watchGrowth: p.watchGrowth, headerBottom: () => 60 });
    expect(p.state.y).toBe(0); // not drawn yet: nothing moves
    expect(p.watching()).toBe(true);
    const target = section('email-notifications', 1400);
    document.body.append(target);
    p.grow(3200);
    expect(p.state.y).toBe(1400 - 60 - 16);
    expect(document.activeElement).toBe(target);
    expect(target.getAttribute('tabindex')).toBe('-1');
    vi.advanceTimersByTime(1600);
    expect(p.watching()).toBe(false); // it held and the page settled: done
  });

  it('stops as soon as the visitor scrolls or types', () => {
    const p = page(3000);
    revealTarget(p.win, () => document.getElementById('blocked-members'), { watchGrowth: p.watchGrowth });
    p.fire('keydown');
    document.body.append(section('blocked-members', 1400));
    p.grow(3200);
    expect(p.state.y).toBe(0);
    expect(document.activeElement).toBe(document.body);
  });
});

describe('useScrollMemory: a link to a part of a page', () => {
  /** Settings as they arrive: a loader first, the section once its data is there. */
  function LateSettings() {
    const [loaded, setLoaded] = useState(false);
    useEffect(() => {
      const timer = setTimeout(() => setLoaded(true), 50);
      return () => clearTimeout(timer);
    }, []);
    return loaded
      ? createElement('section', { id: 'email-notifications' }, 'Email notifications')
      : createElement('p', null, 'Loading');
  }

  function Layout() {
    useScrollMemory();
    return createElement(Outlet);
  }

  it('lands on the part the hash names once the page draws it, with the focus there', async () => {
    renderRoutes(
      [
        {
          element: createElement(Layout),
          children: [{ path: '/settings', element: createElement(LateSettings) }],
        },
      ],
      '/settings#email-notifications',
    );
    await waitFor(() => expect(document.activeElement?.id).toBe('email-notifications'));
  });
});
