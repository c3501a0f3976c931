import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { SWITCHER_LANGUAGES, type Language } from '@pv/contract';
import { Segmented } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../stores/app';

// Loaded when the menu is first shown: the public pages' segmented switch keeps antd's Dropdown
// and Menu out of the first load of /login (the console has loaded them for its navbar anyway).
const Dropdown = lazy(() => import('antd/es/dropdown'));

/** Each language named in itself, so anyone can find their own. */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', en: 'English', es: 'Español', ja: '日本語' };

export interface LanguageSwitchProps {
  testId?: string;
  /** 'menu': a globe button opening a menu (the console's navbar); 'segmented': the languages side by side (the public pages). */
  variant?: 'menu' | 'segmented';
  /** With 'menu': the current language's name beside the globe. */
  showName?: boolean;
}

/** The zh/en switcher of spec §1: the choice is stored and the page reloads into it. */
export function LanguageSwitch({ testId = 'language-switch', variant = 'menu', showName = true }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const language = useApp((s) => s.language);
  const setLanguage = useApp((s) => s.setLanguage);
  const choose = (key: string) => {
    if (key !== language) setLanguage(key as Language);
  };

  if (variant === 'segmented')
    return (
      <Segmented<string>
        size="small"
        aria-label={t('common.language')}
        data-testid={testId}
        value={language}
        options={SWITCHER_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        onChange={choose}
      />
    );
  const button = (
    <button type="button" className="pv-icon-button" aria-label={t('layout.language')} title={t('layout.language')} data-testid={testId}>
      <GlobalOutlined />
      {showName && <span className="pv-icon-button-text">{LANGUAGE_NAMES[language]}</span>}
    </button>
  );
  return (
    <Suspense fallback={button}>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [language],
          items: SWITCHER_LANGUAGES.map((l) => ({ key: l, label: LANGUAGE_NAMES[l], extra: l === language ? <CheckOutlined /> : undefined })),
          onClick: ({ key }) => choose(key),
        }}
      >
        {button}
      </Dropdown>
    </Suspense>
  );
}
