import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { closeToastsOnPageChange } from '@/lib/notify';
import { type PageMeta, usePageMeta } from '@/lib/page-meta';
import { useScrollMemory } from '@/lib/scroll-memory';
import { PageLoader } from '@/components/page-loader';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { RealtimeBridge } from '../realtime-bridge';
import classes from './app-layout.module.css';
import { MobileBottomBar } from './mobile-bottom-bar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TourDialog } from './tour-dialog';

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
  usePageMeta(leaf?.meta);
  useToastsCloseWithTheirPage();
  useScrollMemory();
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <SiteHeader />
      <VerifyEmailBanner />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <MobileBottomBar />
      <TourDialog />
      <RealtimeBridge />
    </div>
  );
}
