import { SWITCHER_LANGUAGES, type Language } from '@pv/contract';
import { useTranslation } from 'react-i18next';
import { useApp } from '@/stores/app';

/** Each language named in itself, so anyone can find their own. */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', en: 'English', es: 'Español', ja: '日本語' };

/** The current language and a chooser that stores another one (the page then reloads into it, stores/app). */
export function useLanguageChoice() {
  const language = useApp((s) => s.language);
  const setLanguage = useApp((s) => s.setLanguage);
  const choose = (key: string) => {
    if (key !== language) setLanguage(key as Language);
  };
  return { language, choose };
}

/**
 * The language switcher of spec §1 on the public pages: the languages side by side, as radio
 * buttons. The console's navbar has a menu instead (LanguageMenu, language-menu.tsx), apart so that
 * antd's Dropdown stays out of the first load of /login; plain buttons (not antd's Segmented) for
 * the same reason.
 */
export function LanguageSwitch({ testId = 'language-switch' }: { testId?: string }) {
  const { t } = useTranslation();
  const { language, choose } = useLanguageChoice();
  return (
    <div className="pv-language-switch" role="radiogroup" aria-label={t('common.language')} data-testid={testId}>
      {SWITCHER_LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          role="radio"
          aria-checked={l === language}
          lang={l === 'zh' ? 'zh-CN' : l}
          onClick={() => choose(l)}
        >
          {LANGUAGE_NAMES[l]}
        </button>
      ))}
    </div>
  );
}
