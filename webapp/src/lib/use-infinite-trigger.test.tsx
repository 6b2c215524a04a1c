import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInfiniteTrigger } from './use-infinite-trigger';

/** An IntersectionObserver the test drives: it records what is observed and reports on demand. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(private readonly report: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  enter() {
    const entries = this.observed.map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    this.report(entries, this as unknown as IntersectionObserver);
  }
}

function live() {
  return FakeObserver.all.filter((observer) => !observer.disconnected && observer.observed.length > 0);
}

function Results({ shown, enabled, onVisible }: { shown: boolean; enabled: boolean; onVisible: () => void }) {
  const trigger = useInfiniteTrigger<HTMLDivElement>(onVisible, enabled);
  // Like the shop: skeletons first, the trigger only once the cards are there.
  return shown ? <div data-testid="trigger" ref={trigger} /> : <p>Loading</p>;
}

describe('useInfiniteTrigger', () => {
  beforeEach(() => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('watches a trigger that mounts after the next page became available', () => {
    const onVisible = vi.fn();
    const { rerender, getByTestId } = render(<Results shown={false} enabled onVisible={onVisible} />);
    rerender(<Results shown enabled onVisible={onVisible} />);
    expect(live()).toHaveLength(1);
    expect(live()[0]!.observed).toEqual([getByTestId('trigger')]);
    act(() => live()[0]!.enter());
    expect(onVisible).toHaveBeenCalledTimes(1);
  });

  it('calls the latest callback, stops while disabled and watches again when enabled', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = render(<Results shown enabled onVisible={first} />);
    rerender(<Results shown enabled onVisible={latest} />);
    act(() => live()[0]!.enter());
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);
    rerender(<Results shown enabled={false} onVisible={latest} />);
    expect(live()).toHaveLength(0);
    rerender(<Results shown enabled onVisible={latest} />);
    expect(live()).toHaveLength(1);
  });
});
