import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { RealtimeBridge } from '../realtime-bridge';
import classes from './app-layout.module.css';
import { MobileBottomBar } from './mobile-bottom-bar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TourDialog } from './tour-dialog';

/** The shell around every page: header, main content, footer, mobile bar and the tour. */
export function AppLayout() {
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <MobileBottomBar />
      <TourDialog />
      <RealtimeBridge />
      <ScrollRestoration />
    </div>
  );
}
