import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render as testingRender, type RenderOptions } from '@testing-library/react';
import { useRef, type ReactElement, type ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { PageChangeFocus } from '@/app/layout/page-change-focus';
import { createQueryClient } from '@/app/query-client';
import { theme } from '@/app/theme';

/** Renders inside the app's Mantine theme (test env: no transitions) and a fresh query client. */
export function render(ui: ReactElement, options?: RenderOptions) {
  const queryClient = createQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme} env="test">
        <Notifications limit={1} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    );
  }
  return testingRender(ui, { wrapper: Wrapper, ...options });
}

/** Renders route objects in a memory router starting at `path`; returns the router too. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...render(<RouterProvider router={router} />) };
}

/** The part of the app's layout a page change acts on: `main`, and what a change does to the
 *  focus and says (app/layout/page-change-focus.tsx). */
function PageShell() {
  const main = useRef<HTMLElement>(null);
  return (
    <>
      <PageChangeFocus main={main} />
      <main id="main" ref={main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** `renderRoutes`, with the pages inside the layout's `main` and its page-change focus. */
export function renderPages(routes: RouteObject[], path: string) {
  return renderRoutes([{ element: <PageShell />, children: routes }], path);
}
