import { SWITCHER_LANGUAGES, type Language } from '@pv/contract';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../../lib/i18n';

// Each language is named in itself, so a reader of either finds theirs.
const NAMES: Record<string, string> = { zh: '中文', en: 'English' };

/**
 * The zh/en switcher of spec §1 on the public pages: stores the choice and reloads the page.
 * A segmented control rather than the console's dropdown menu, which would bring antd's Menu
 * and Dropdown into the first load of /login.
 */
export function LanguageSwitch({ testId = 'language-switch' }: { testId?: string }) {
  const { i18n, t } = useTranslation();
  return (
    <Segmented<string>
      size="small"
      aria-label={t('common.language')}
      data-testid={testId}
      value={i18n.language}
      options={SWITCHER_LANGUAGES.map((l) => ({ value: l, label: NAMES[l] ?? l }))}
      onChange={(key) => {
        if (key !== i18n.language) setLanguage(key as Language);
      }}
    />
  );
}
