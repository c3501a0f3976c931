import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Spin, theme as antdTheme } from 'antd';
import { Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { setFeedback } from '../lib/feedback';
import { antdLocale, getLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { useApp } from '../stores/app';
import { useSettings } from '../stores/settings';
import { Protected } from './guard';
import { AuthRedirectPage, CustomerCancelPage, GuidePage, HelpCenterLayout, HelpDocPage, IntroductionPage, LoginPage, NotFoundPage, PolicyPage, ProductPage } from './pages';

const SIZE_TO_ANTD = { default: 'large', medium: 'middle', small: 'small', mini: 'small' } as const;

function Feedback() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => setFeedback({ message, modal }), [message, modal]);
  return null;
}

function Lazy() {
  return (
    <Suspense fallback={<Spin fullscreen />}>
      <Outlet />
    </Suspense>
  );
}

export function RootApp() {
  const themeColor = useSettings((s) => s.theme);
  const size = useApp((s) => s.size);
  const lang = getLanguage();
  return (
    <ConfigProvider
      locale={antdLocale(lang)}
      componentSize={SIZE_TO_ANTD[size]}
      theme={{ algorithm: antdTheme.defaultAlgorithm, token: { colorPrimary: themeColor, borderRadius: 6, fontSize: size === 'mini' ? 12 : 14 } }}
      // spec §2: dialogs do not close on a click on the backdrop
      modal={{ mask: { closable: false } }}
      drawer={{ mask: { closable: false } }}
    >
      <AntApp>
        <Feedback />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <Routes>
              <Route element={<Lazy />}>
                <Route path="/login" element={<LoginPage />} />
                <Route path="/auth-redirect" element={<AuthRedirectPage />} />
                <Route path="/404" element={<NotFoundPage />} />
                <Route path="/guide" element={<GuidePage />} />
                <Route path="/policy" element={<PolicyPage />} />
                <Route path="/customer/cancel" element={<CustomerCancelPage />} />
                <Route path="/HelpCenter" element={<Navigate to="/introduction" replace />} />
                <Route element={<HelpCenterLayout />}>
                  <Route path="/introduction" element={<IntroductionPage />} />
                  <Route path="/product" element={<ProductPage />} />
                </Route>
                <Route path="/helpDoc" element={<HelpDocPage />} />
              </Route>
              <Route path="*" element={<Protected />} />
            </Routes>
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
