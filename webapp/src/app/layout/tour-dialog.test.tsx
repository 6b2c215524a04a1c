import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIRST_TIME_KEY, markFirstVisit } from '@/entities/session/first-visit';
import { renderRoutes } from '@/test-utils/render';
import { SiteFooter } from './site-footer';
import { TourDialog } from './tour-dialog';
import { useTourStore } from './tour-store';

const routes = [{ path: '*', element: <TourDialog /> }];

// The tour's store outlives a test: each starts with the tour never opened.
beforeEach(() => useTourStore.setState(useTourStore.getInitialState(), true));

describe('TourDialog', () => {
  it('stays closed without the first-time flag', () => {
    renderRoutes(routes, '/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens once, walks through six steps and finishes', async () => {
    markFirstVisit();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/');

    expect(await screen.findByRole('dialog', { name: 'Welcome to Rethread' })).toBeInTheDocument();
    expect(window.localStorage.getItem(FIRST_TIME_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    for (let step = 1; step < 6; step += 1) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
    }
    expect(screen.getByText('Step 6 of 6')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Share your style' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(() => router.navigate('/marketplace'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens after a navigation that set the flag (registration)', async () => {
    const { router } = renderRoutes(routes, '/auth');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    markFirstVisit();
    await act(() => router.navigate('/'));
    expect(await screen.findByRole('dialog', { name: 'Welcome to Rethread' })).toBeInTheDocument();
  });
});

describe('Take a Tour', () => {
  it('scrolls to the top and opens the tour without reloading', async () => {
    const scrolls: unknown[] = [];
    const scrollTo = window.scrollTo;
    window.scrollTo = ((...args: unknown[]) => void scrolls.push(args)) as typeof window.scrollTo;
    try {
      renderRoutes(
        [
          {
            path: '*',
            element: (
              <>
                <TourDialog />
                <SiteFooter />
              </>
            ),
          },
        ],
        '/marketplace',
      );
      await userEvent.setup().click(screen.getByRole('button', { name: 'Take a Tour' }));
      expect(await screen.findByRole('dialog', { name: 'Welcome to Rethread' })).toBeInTheDocument();
      expect(scrolls).toEqual([[{ top: 0, left: 0 }]]);
    } finally {
      window.scrollTo = scrollTo;
    }
  });
});
