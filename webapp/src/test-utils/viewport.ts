import { vi } from 'vitest';

/** A media query list whose `matches` is given: what jsdom's matchMedia lacks. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  } as unknown as MediaQueryList;
}

/**
 * The window answers media queries as a phone's: every `(max-width: …)` query matches,
 * every `(min-width: …)` one does not (Mantine's `hiddenFrom`/`visibleFrom` and
 * `useMediaQuery`). The setup file's default is a wide screen; its spy is undone after the
 * test by `vi.restoreAllMocks`.
 */
export function onPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    mediaQueryList(query, query.includes('max-width')),
  );
}
