import { lazy } from 'react';

/** Every page is its own chunk, so the first load carries only the shell. */
export const HomePage = lazy(() => import('@/features/catalog/components/home-page'));
export const MarketplacePage = lazy(() => import('@/features/catalog/components/marketplace-page'));
export const ProductPage = lazy(() => import('@/features/catalog/components/product-page'));
export const CreateListingPage = lazy(() => import('@/features/catalog/components/create-listing-page'));
export const SavedItemsPage = lazy(() => import('@/features/favorites/components/watchlist-page'));
export const FeedPage = lazy(() => import('@/features/social/components/feed-page'));
export const PostPage = lazy(() => import('@/features/social/components/post-page'));
export const NewPostPage = lazy(() => import('@/features/social/components/new-post-page'));
export const SettingsPage = lazy(() => import('./settings-page'));
export const ProfilePage = lazy(() => import('@/features/social/components/profile-page'));
export const MessagesPage = lazy(() => import('@/features/messaging/components/messages-page'));
export const SellerOffersPage = lazy(() => import('@/features/offers/components/seller-offers-page'));
export const SavedSearchesPage = lazy(
  () => import('@/features/saved-searches/components/saved-searches-page'),
);
export const SellerStatsPage = lazy(() => import('@/features/seller-stats/components/seller-stats-page'));
export const BuyerOffersPage = lazy(() => import('@/features/offers/components/buyer-offers-page'));
export const OrdersPage = lazy(() => import('@/features/orders/components/orders-page'));
export const CheckoutPage = lazy(() => import('@/features/orders/components/checkout-page'));
export const BagCheckoutPage = lazy(() => import('@/features/orders/components/bag-checkout-page'));
export const BagPage = lazy(() => import('@/features/bag/components/bag-page'));
export const AdminDashboardPage = lazy(() => import('@/features/admin/components/admin-dashboard-page'));
export const PaymentConfirmPage = lazy(() => import('@/features/orders/components/payment-confirm-page'));
export const LabelPage = lazy(() => import('@/features/orders/components/label-page'));
export const OrderConfirmedPage = lazy(() => import('@/features/orders/components/order-confirmed-page'));
export const AuthPage = lazy(() => import('@/features/auth/components/auth-page'));
export const ForgotPasswordPage = lazy(() => import('@/features/auth/components/forgot-password-page'));
export const ResetPasswordPage = lazy(() => import('@/features/auth/components/reset-password-page'));
export const VerifyEmailPage = lazy(() => import('@/features/auth/components/verify-email-page'));
export const UnsubscribePage = lazy(() => import('@/features/auth/components/unsubscribe-page'));
export const BlogListPage = lazy(() => import('@/features/blog/components/blog-list-page'));
export const BlogEditorPage = lazy(() => import('@/features/blog/components/blog-editor-page'));
export const BlogPostPage = lazy(() => import('@/features/blog/components/blog-post-page'));
export const StaticPage = lazy(() => import('@/features/pages/components/static-page'));
export const NotFoundPage = lazy(() => import('@/features/pages/components/not-found-page'));
