import type { RouteObject } from 'react-router-dom';
import { STATIC_PAGES, type StaticPageKey } from '@/features/pages/static-pages';
import type { PageMeta } from '@/lib/page-meta';
import { AppLayout } from './layout/app-layout';
import { ProtectedRoute } from './layout/protected-route';
import * as Page from './lazy-pages';
import { RouteError } from './route-error';

const staticPages: RouteObject[] = (Object.keys(STATIC_PAGES) as StaticPageKey[]).map((key) => ({
  path: `/${key}`,
  element: <Page.StaticPage page={key} />,
  handle: meta(STATIC_PAGES[key].title, STATIC_PAGES[key].summary),
}));

/** Spec §8: favorites 'Authentication required' / 'Please log in to view your favorites'. */
const FAVORITES_LOGIN = { title: 'Authentication required', message: 'Please log in to view your favorites' };

/** A page's tab title and description (`useRouteMeta`, applied by the layout). Pages named by
 * their data (product, post, profile, blog post) have a neutral one here and set their own. */
function meta(title: string, description?: string): { meta: PageMeta } {
  return { meta: { title, description } };
}

/** A page named by its data: the kind of page in the tab until the page names itself. */
function loading(title: string): { meta: PageMeta } {
  return { meta: { title, pending: true } };
}

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
          { path: '/', element: <Page.HomePage />, handle: meta('Secondhand fashion with a social twist') },
          {
            path: '/marketplace',
            element: <Page.MarketplacePage />,
            handle: meta(
              'Shop',
              'Shop secondhand fashion: search and filter listings by brand, size, condition and price.',
            ),
          },
          { path: '/product/:id', element: <Page.ProductPage />, handle: loading('Product') },
          { path: '/products/:id', element: <Page.ProductPage />, handle: loading('Product') },
          { path: '/post/:id', element: <Page.PostPage />, handle: loading('Style post') },
          {
            path: '/feed',
            element: <Page.FeedPage />,
            handle: meta('Style feed', 'Outfits from the community, with the pieces tagged to shop.'),
          },
          { path: '/checkout/:id', element: <Page.CheckoutPage />, handle: meta('Checkout') },
          { path: '/checkout/bag', element: <Page.BagCheckoutPage />, handle: meta('Checkout') },
          { path: '/profile/:id', element: <Page.ProfilePage />, handle: loading('Profile') },
          {
            path: '/auth',
            element: <Page.AuthPage />,
            handle: meta(
              'Log in or sign up',
              'Log in to Rethread or create an account to buy, sell and share your style.',
            ),
          },
          {
            path: '/forgot-password',
            element: <Page.ForgotPasswordPage />,
            handle: meta('Forgot your password?', 'Get a link to choose a new Rethread password.'),
          },
          {
            path: '/reset-password',
            element: <Page.ResetPasswordPage />,
            handle: meta('Choose a new password'),
          },
          { path: '/verify-email', element: <Page.VerifyEmailPage />, handle: meta('Confirm your email') },
          { path: '/unsubscribe', element: <Page.UnsubscribePage />, handle: meta('Unsubscribe') },
          {
            path: '/blog',
            element: <Page.BlogListPage />,
            handle: meta('Blog', 'Style guides, care tips and stories from the Rethread community.'),
          },
          { path: '/blog/:slug', element: <Page.BlogPostPage />, handle: loading('Blog') },
          // Messages explain the login they need themselves (spec §2 Messages).
          { path: '/messages', element: <Page.MessagesPage />, handle: meta('Messages') },
          { path: '/messages/:userId', element: <Page.MessagesPage />, handle: meta('Messages') },
          ...staticPages,
          {
            element: <ProtectedRoute />,
            children: [
              { path: '/create-listing', element: <Page.CreateListingPage />, handle: meta('Sell an item') },
              { path: '/post/new', element: <Page.NewPostPage />, handle: meta('New style post') },
              { path: '/settings', element: <Page.SettingsPage />, handle: meta('Settings') },
              {
                path: '/product/:id/edit',
                element: <Page.CreateListingPage />,
                handle: meta('Edit listing'),
              },
              { path: '/orders', element: <Page.OrdersPage />, handle: meta('Orders') },
              { path: '/bag', element: <Page.BagPage />, handle: meta('Your bag') },
              { path: '/orders/:id/label', element: <Page.LabelPage />, handle: meta('Shipping label') },
              {
                path: '/orders/:id/confirmed',
                element: <Page.OrderConfirmedPage />,
                handle: meta('Order confirmed'),
              },
              {
                path: '/watchlist',
                element: <Page.SavedItemsPage />,
                handle: { ...meta('Saved items'), loginPrompt: FAVORITES_LOGIN },
              },
              {
                path: '/favorites',
                element: <Page.SavedItemsPage />,
                handle: { ...meta('Saved items'), loginPrompt: FAVORITES_LOGIN },
              },
              { path: '/seller/offers', element: <Page.SellerOffersPage />, handle: meta('Seller Hub') },
              {
                path: '/saved-searches',
                element: <Page.SavedSearchesPage />,
                handle: meta('Saved searches'),
              },
              { path: '/seller/stats', element: <Page.SellerStatsPage />, handle: meta('Seller stats') },
              { path: '/buyer/offers', element: <Page.BuyerOffersPage />, handle: meta('My Offers') },
              { path: '/admin', element: <Page.AdminDashboardPage />, handle: meta('Admin Dashboard') },
              {
                path: '/admin/orders/:orderId/payment-confirm',
                element: <Page.PaymentConfirmPage />,
                handle: meta('Confirm payment'),
              },
              { path: '/blog/new', element: <Page.BlogEditorPage />, handle: meta('New blog post') },
              { path: '/blog/edit/:id', element: <Page.BlogEditorPage />, handle: meta('Edit blog post') },
            ],
          },
          { path: '*', element: <Page.NotFoundPage />, handle: meta('Page not found') },
        ],
      },
    ],
  },
];
