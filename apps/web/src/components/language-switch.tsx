import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { SWITCHER_LANGUAGES, type Language } from '@pv/contract';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApp } from '../stores/app';

/** Each language named in itself, so anyone can find their own. */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', en: 'English', es: 'Español', ja: '日本語' };

/** The zh/en switcher of spec §1: the choice is stored and the page reloads into it. */
export function LanguageSwitch({ testId = 'language-switch', showName = true }: { testId?: string; showName?: boolean }) {
  const { t } = useTranslation();
  const language = useApp((s) => s.language);
  const setLanguage = useApp((s) => s.setLanguage);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: SWITCHER_LANGUAGES.map((l) => ({ key: l, label: LANGUAGE_NAMES[l], extra: l === language ? <CheckOutlined /> : undefined })),
        onClick: ({ key }) => {
          if (key !== language) setLanguage(key as Language);
        },
      }}
    >
      <button type="button" className="pv-icon-button" aria-label={t('layout.language')} title={t('layout.language')} data-testid={testId}>
        <GlobalOutlined />
        {showName && <span className="pv-icon-button-text">{LANGUAGE_NAMES[language]}</span>}
      </button>
    </Dropdown>
  );
}
