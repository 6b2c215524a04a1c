import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { releaseFirstViewUnlessAt } from '@/lib/first-view';
import { routes } from './routes';

const router = createBrowserRouter(routes);
// Leaving the page the server wrote a first view for (src/lib/first-view.ts) shows the app.
router.subscribe((state) => releaseFirstViewUnlessAt(state.location));

export function AppRouter() {
  return <RouterProvider router={router} />;
}
