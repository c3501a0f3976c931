import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadAllMessages } from '@/lib/i18n';

type Page = LazyExoticComponent<ComponentType>;

/** A public page beyond the sign-in and 404 pages, with every text of the language (lib/i18n). */
const publicPage = (load: () => Promise<{ default: ComponentType }>): Page =>
  lazy(() => Promise.all([load(), loadAllMessages()]).then(([page]) => page));

export const LoginPage = lazy(() => import('@/features/auth/pages/login-page'));
export const NotFoundPage = lazy(() => import('@/features/public/pages/not-found-page'));
export const AuthRedirectPage = lazy(() => import('@/features/public/pages/auth-redirect-page'));
export const GuidePage = publicPage(() => import('@/features/public/pages/guide-page'));
export const PolicyPage = publicPage(() => import('@/features/public/pages/policy-page'));
export const CustomerCancelPage = publicPage(() => import('@/features/customer/pages/customer-cancel-page'));
export const HelpCenterLayout = publicPage(() => import('@/features/public/pages/help-center-layout'));
export const IntroductionPage = publicPage(() => import('@/features/public/pages/introduction-page'));
export const ProductPage = publicPage(() => import('@/features/public/pages/product-page'));
export const HelpDocPage = publicPage(() => import('@/features/public/pages/help-doc-page'));
