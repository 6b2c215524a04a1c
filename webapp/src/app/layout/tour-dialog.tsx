import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { consumeFirstVisit } from '@/entities/session/first-visit';

// Most visits never see the tour: its Modal (focus trap, scroll lock, transitions) and steps
// load only when it opens, keeping them out of the JavaScript every first page waits for.
const TourModal = lazy(() => import('./tour-modal'));

/**
 * Opens once when the first-time flag is set (checked on every navigation), then clears it.
 * Each opening starts again at the first step.
 */
export function TourDialog() {
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);
  const [openings, setOpenings] = useState(0);

  useEffect(() => {
    if (consumeFirstVisit()) {
      setOpenings((count) => count + 1);
      setOpened(true);
    }
  }, [pathname]);

  if (openings === 0) return null;
  return (
    <Suspense fallback={null}>
      <TourModal key={openings} opened={opened} onClose={() => setOpened(false)} />
    </Suspense>
  );
}
