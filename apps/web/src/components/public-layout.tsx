import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { platformTitle, useDocumentTitle } from '@/lib/brand';
import { queryClient } from '@/lib/query-client';
import { LanguageSwitch } from '@/components/language-switch';
import './public-layout.css';

/** The frame of the pages that need no sign-in: brand, help links, the language switch. */
export function PublicLayout({
  titleKey,
  children,
  center = false,
}: {
  titleKey: string;
  children: ReactNode;
  center?: boolean;
}) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(titleKey);
  return (
    <div className="pvf-public">
      <header className="pvf-public-top">
        <Link to="/login" className="pvf-public-brand">
          {platformTitle(i18n.language)}
        </Link>
        <nav className="pvf-public-links">
          <Link to="/introduction">{t('auth.helpCenter')}</Link>
          <Link to="/guide">{t('auth.guide')}</Link>
          <Link to="/policy">{t('auth.policy')}</Link>
          <LanguageSwitch testId="public-language-switch" />
        </nav>
      </header>
      {/* the public pages read the published content (/cms/) through the same query client */}
      <QueryClientProvider client={queryClient}>
        <main className={`pvf-public-body ${center ? 'is-centered' : 'is-top'}`}>{children}</main>
      </QueryClientProvider>
    </div>
  );
}
