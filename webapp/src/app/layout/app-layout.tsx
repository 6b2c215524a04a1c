import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { closeToastsOnPageChange } from '@/lib/notify';
import { type PageMeta, useRouteMeta } from '@/lib/page-meta';
import { useScrollMemory } from '@/lib/scroll-memory';
import { PageLoader } from '@/components/page-loader';
import { useSessionStore } from '@/entities/session/session-store';
import classes from './app-layout.module.css';
import { MobileBottomBar } from './mobile-bottom-bar';
import { PageChangeFocus } from './page-change-focus';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TourDialog } from './tour-dialog';

// Only a signed-in member needs these: they load after the first page, not before it.
const VerifyEmailBanner = lazy(() =>
  import('@/features/auth/components/verify-email-banner').then((m) => ({ default: m.VerifyEmailBanner })),
);
const RealtimeBridge = lazy(() => import('../realtime-bridge').then((m) => ({ default: m.RealtimeBridge })));

/** An error toast never follows the visitor to the next page. */
function useToastsCloseWithTheirPage() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    closeToastsOnPageChange(previous.current, pathname);
    previous.current = pathname;
  }, [pathname]);
}

/** The shell around every page: header, main content, footer, mobile bar and the tour. */
export function AppLayout() {
  const leaf = useMatches().at(-1)?.handle as { meta?: PageMeta } | undefined;
  useRouteMeta(leaf?.meta);
  useToastsCloseWithTheirPage();
  useScrollMemory();
  const signedIn = useSessionStore((state) => state.user) != null;
  const main = useRef<HTMLElement>(null);
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <PageChangeFocus main={main} />
      {/* No box of its own, except on a page that fills the viewport (app-layout.module.css). */}
      <div className={classes.top}>
        <SiteHeader />
        {signedIn && (
          <Suspense fallback={null}>
            <VerifyEmailBanner />
          </Suspense>
        )}
        <main id="main" ref={main} tabIndex={-1} className={classes.main}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <SiteFooter />
      <MobileBottomBar />
      <TourDialog />
      {signedIn && (
        <Suspense fallback={null}>
          <RealtimeBridge />
        </Suspense>
      )}
    </div>
  );
}
