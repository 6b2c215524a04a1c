import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { releaseFirstViewUnlessAt } from '@/lib/first-view';
import { routes } from './routes';

let router: ReturnType<typeof createBrowserRouter> | undefined;

/** The one router, made on first use: in the app's first render (a task of its own), not
 * while the entry module is evaluated, which was one long task with it (createBrowserRouter
 * ranks the whole route table: a quarter of that task, docs/decisions/page-start-up.md). */
function appRouter() {
  if (!router) {
    router = createBrowserRouter(routes);
    // Leaving the page the server wrote a first view for (src/lib/first-view.ts) shows the app.
    router.subscribe((state) => releaseFirstViewUnlessAt(state.location));
  }
  return router;
}

export function AppRouter() {
  return <RouterProvider router={appRouter()} />;
}
