import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { consumeFirstVisit } from '@/entities/session/first-visit';
import { useTourStore } from './tour-store';

// Most visits never see the tour: its Modal (focus trap, scroll lock, transitions) and steps
// load only when it opens, keeping them out of the JavaScript every first page waits for.
const TourModal = lazy(() => import('./tour-modal'));

/**
 * Opens once when the first-time flag is set (checked on every navigation), then clears it;
 * the footer's "Take a Tour" opens it through the tour store. Each opening starts again at
 * the first step.
 */
export function TourDialog() {
  const { pathname } = useLocation();
  const { openings, opened, open, close } = useTourStore();

  useEffect(() => {
    if (consumeFirstVisit()) open();
  }, [pathname, open]);

  if (openings === 0) return null;
  return (
    <Suspense fallback={null}>
      <TourModal key={openings} opened={opened} onClose={close} />
    </Suspense>
  );
}
