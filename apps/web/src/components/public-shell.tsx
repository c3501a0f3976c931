import { brandTitle } from '@pv/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BRAND, useDocumentTitle } from '../app/use-document-title';
import { LanguageSwitch } from './language-switch';

export { LanguageSwitch } from './language-switch';

/** The frame of the pages that need no sign-in: brand, help links, the language switch. */
export function PublicShell({ titleKey, children, center = false }: { titleKey: string; children: ReactNode; center?: boolean }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(titleKey);
  return (
    <div className="pv-public">
      <header className="pv-public-top">
        <Link to="/login" className="pv-public-brand">
          <span className="pv-logo-mark">{BRAND.shortTitle}</span>
          {brandTitle(BRAND, i18n.language)}
        </Link>
        <nav className="pv-public-links">
          <Link to="/introduction">{t('route.helpCenter')}</Link>
          <Link to="/guide">{t('route.guide')}</Link>
          <LanguageSwitch testId="public-language-switch" />
        </nav>
      </header>
      <main className={`pv-public-body ${center ? 'pv-public-center' : ''}`}>{children}</main>
    </div>
  );
}
