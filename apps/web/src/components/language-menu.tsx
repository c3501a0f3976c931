import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { SWITCHER_LANGUAGES } from '@pv/contract';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, useLanguageChoice } from './language-switch';

/**
 * The language switcher of spec §1 in the console's navbar: a globe button opening the languages; the
 * choice is stored and the page reloads into it. Dropdown is imported with the navbar (which has it
 * for its user menu), so the first click opens the menu however soon it comes.
 */
export function LanguageMenu({ testId = 'language-switch', showName = true }: { testId?: string; showName?: boolean }) {
  const { t } = useTranslation();
  const { language, choose } = useLanguageChoice();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: SWITCHER_LANGUAGES.map((l) => ({
          key: l,
          label: LANGUAGE_NAMES[l],
          extra: l === language ? <CheckOutlined /> : undefined,
        })),
        onClick: ({ key }) => choose(key),
      }}
    >
      <button
        type="button"
        className="pv-icon-button"
        aria-label={t('layout.language')}
        title={t('layout.language')}
        data-testid={testId}
      >
        <GlobalOutlined />
        {showName && <span className="pv-icon-button-text">{LANGUAGE_NAMES[language]}</span>}
      </button>
    </Dropdown>
  );
}
