import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { platformTitle, useDocumentTitle } from '@/lib/brand';
import { LanguageSwitch } from '@/components/language-switch';
import './public-layout.css';

/**
 * The frame of the pages that need no sign-in: brand, help links, the language switch. The sign-in
 * page uses it as it is; the pages that read published content use PublicLayout (with the query
 * client), which the sign-in page does not load.
 */
export function PublicFrame({
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
      <main className={`pvf-public-body ${center ? 'is-centered' : 'is-top'}`}>{children}</main>
    </div>
  );
}
