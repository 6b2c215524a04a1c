import type { RouteObject } from 'react-router-dom';
import { STATIC_PAGES, type StaticPageKey } from '@/features/pages/static-pages';
import { AppLayout } from './layout/app-layout';
import { ProtectedRoute } from './layout/protected-route';
import * as Page from './lazy-pages';
import { RouteError } from './route-error';

const staticPages: RouteObject[] = (Object.keys(STATIC_PAGES) as StaticPageKey[]).map((key) => ({
  path: `/${key}`,
  element: <Page.StaticPage page={key} />,
}));

/** The spec §2 route table. Login-required routes sit under ProtectedRoute. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // A page that throws keeps the header and footer around the error.
        errorElement: <RouteError />,
        children: [
      { path: '/', element: <Page.HomePage /> },
      { path: '/marketplace', element: <Page.MarketplacePage /> },
      { path: '/product/:id', element: <Page.ProductPage /> },
      { path: '/products/:id', element: <Page.ProductPage /> },
      { path: '/post/:id', element: <Page.PostPage /> },
      { path: '/feed', element: <Page.FeedPage /> },
      { path: '/checkout/:id', element: <Page.CheckoutPage /> },
      { path: '/profile/:id', element: <Page.ProfilePage /> },
      { path: '/auth', element: <Page.AuthPage /> },
      { path: '/blog', element: <Page.BlogListPage /> },
      { path: '/blog/:slug', element: <Page.BlogPostPage /> },
      // Messages explain the login they need themselves (spec §2 Messages).
      { path: '/messages', element: <Page.MessagesPage /> },
      { path: '/messages/:userId', element: <Page.MessagesPage /> },
      ...staticPages,
      {
        element: <ProtectedRoute />,
        children: [
          { path: '/create-listing', element: <Page.CreateListingPage /> },
          { path: '/product/:id/edit', element: <Page.CreateListingPage /> },
          { path: '/orders', element: <Page.OrdersPage /> },
          { path: '/watchlist', element: <Page.SavedItemsPage /> },
          { path: '/favorites', element: <Page.SavedItemsPage /> },
          { path: '/seller/offers', element: <Page.SellerOffersPage /> },
          { path: '/buyer/offers', element: <Page.BuyerOffersPage /> },
          { path: '/admin', element: <Page.AdminDashboardPage /> },
          { path: '/admin/orders/:orderId/payment-confirm', element: <Page.PaymentConfirmPage /> },
          { path: '/blog/new', element: <Page.BlogEditorPage /> },
          { path: '/blog/edit/:id', element: <Page.BlogEditorPage /> },
        ],
      },
      { path: '*', element: <Page.NotFoundPage /> },
        ],
      },
    ],
  },
];
