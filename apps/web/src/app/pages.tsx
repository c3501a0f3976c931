import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

// Pages load their code on demand; screens that later issues own show their title until then.
const ComingSoon = lazy(() => import('./pages/coming-soon-page'));
const UserList = lazy(() => import('../features/user/pages/user-list-page'));
const ChangePassword = lazy(() => import('../features/user-center/pages/change-password-page'));
const PersonalData = lazy(() => import('../features/user-center/pages/personal-data-page'));
const OrgData = lazy(() => import('../features/user-center/pages/org-data-page'));

const PAGES: Record<string, Page> = {
  user: UserList,
  rootChangePassword: ChangePassword,
  changePassword: ChangePassword,
  personalData: PersonalData,
  orgData: OrgData,
};

export const pageFor = (name: string): Page => PAGES[name] ?? ComingSoon;

export const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
export const NotFoundPage = lazy(() => import('../features/public/pages/not-found-page'));
export const AuthRedirectPage = lazy(() => import('../features/public/pages/auth-redirect-page'));
export const GuidePage = lazy(() => import('../features/public/pages/guide-page'));
export const PolicyPage = lazy(() => import('../features/public/pages/policy-page'));
export const CustomerCancelPage = lazy(() => import('../features/public/pages/customer-cancel-page'));
export const HelpCenterLayout = lazy(() => import('../features/public/pages/help-center-layout'));
export const IntroductionPage = lazy(() => import('../features/public/pages/introduction-page'));
export const ProductPage = lazy(() => import('../features/public/pages/product-page'));
export const HelpDocPage = lazy(() => import('../features/public/pages/help-doc-page'));
