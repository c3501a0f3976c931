import { GlobalOutlined } from '@ant-design/icons';
import { brandTitle, SWITCHER_LANGUAGES } from '@pv/contract';
import { Dropdown } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setLanguage } from '../lib/i18n';
import { BRAND, useDocumentTitle } from '../app/use-document-title';

const NAMES: Record<string, string> = { zh: '中文', en: 'English' };

export function LanguageSwitch({ testId = 'language-switch' }: { testId?: string }) {
  const { i18n, t } = useTranslation();
  return (
    <Dropdown trigger={['click']} menu={{ selectable: true, selectedKeys: [i18n.language], items: SWITCHER_LANGUAGES.map((l) => ({ key: l, label: NAMES[l] })), onClick: ({ key }) => setLanguage(key as (typeof SWITCHER_LANGUAGES)[number]) }}>
      <button type="button" className="pv-icon-button" style={{ color: 'inherit' }} aria-label={t('layout.language')} data-testid={testId}>
        <GlobalOutlined /> <span style={{ fontSize: 13, marginLeft: 4 }}>{NAMES[i18n.language] ?? 'English'}</span>
      </button>
    </Dropdown>
  );
}

/** The frame of the pages that need no sign-in: brand, a few links, the language switch. */
export function PublicShell({ titleKey, children, center = false }: { titleKey: string; children: ReactNode; center?: boolean }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(titleKey);
  return (
    <div className="pv-public">
      <div className="pv-public-top">
        <Link to="/login" style={{ fontWeight: 600, fontSize: 18, textDecoration: 'none' }}>
          {brandTitle(BRAND, i18n.language)}
        </Link>
        <span style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
          <Link to="/introduction">{t('route.helpCenter')}</Link>
          <Link to="/guide">{t('route.guide')}</Link>
          <LanguageSwitch testId="public-language-switch" />
        </span>
      </div>
      <div className="pv-public-body" style={center ? undefined : { alignItems: 'flex-start' }}>
        {children}
      </div>
    </div>
  );
}
