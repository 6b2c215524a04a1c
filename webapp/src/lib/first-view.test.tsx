import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_VIEW_LIMIT_MS,
  FirstViewGate,
  releaseFirstViewUnlessAt,
  useFirstViewHandoff,
} from './first-view';

/** index.html as the server sends it: the boot block (with a first view for `path`) over #root. */
function serve(path?: string) {
  document.body.innerHTML =
    `<div id="boot"><div class="boot-bar"></div>${path ? `<div class="fv" data-first-view="${path}"><h1>First view</h1></div>` : ''}</div>` +
    '<div id="root" aria-hidden="true"></div>';
}

const boot = () => document.getElementById('boot');
const shown = () => boot() !== null && !boot()?.hidden;
const appHidden = () => document.getElementById('root')?.getAttribute('aria-hidden') === 'true';

function Page({ ready }: { ready: boolean }) {
  useFirstViewHandoff(ready);
  return null;
}

beforeEach(() => window.history.replaceState(null, '', '/product/5'));
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the first view', () => {
  it('stays over the app until its page is ready, then gives way in the same commit', () => {
    serve('/product/5');
    render(<FirstViewGate />);
    const page = render(<Page ready={false} />);
    expect(shown()).toBe(true);
    expect(appHidden()).toBe(true);
    page.rerender(<Page ready />);
    expect(shown()).toBe(false);
    expect(appHidden()).toBe(false);
  });

  it('is hidden in the commit and leaves the document in a later task', () => {
    vi.useFakeTimers();
    serve('/product/5');
    const page = render(<Page ready={false} />);
    page.rerender(<Page ready />);
    expect(boot()?.hidden).toBe(true);
    vi.advanceTimersByTime(0);
    expect(boot()).toBeNull();
    expect(appHidden()).toBe(false);
  });

  it('leaves the visitor where they scrolled it to', () => {
    serve('/product/5');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const page = render(<Page ready={false} />);
    boot()!.scrollTop = 640;
    page.rerender(<Page ready />);
    expect(scrollTo).toHaveBeenCalledWith(0, 640);
    scrollTo.mockRestore();
  });

  it('does not move a page whose first view was not scrolled', () => {
    serve('/product/5');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const page = render(<Page ready={false} />);
    page.rerender(<Page ready />);
    expect(scrollTo).not.toHaveBeenCalled();
    scrollTo.mockRestore();
  });

  it('gives way at once on a page it was not written for (or when there is none)', () => {
    serve('/product/6');
    render(<FirstViewGate />);
    expect(shown()).toBe(false);
    expect(appHidden()).toBe(false);

    serve();
    render(<FirstViewGate />);
    expect(shown()).toBe(false);
  });

  it('gives way when the visitor moves to another page, query included', () => {
    serve('/marketplace');
    releaseFirstViewUnlessAt({ pathname: '/marketplace', search: '' });
    expect(shown()).toBe(true);
    releaseFirstViewUnlessAt({ pathname: '/marketplace', search: '?category=tops' });
    expect(shown()).toBe(false);
  });

  it('gives way after the limit even when its page never gets ready', () => {
    vi.useFakeTimers();
    serve('/product/5');
    render(<FirstViewGate />);
    render(<Page ready={false} />);
    vi.advanceTimersByTime(FIRST_VIEW_LIMIT_MS - 1);
    expect(shown()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(shown()).toBe(false);
  });
});
