import { brandFor, brandTitle } from '@pv/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The white label this build was made for (vite `define` __BRAND__). */
export const BRAND = brandFor(__BRAND__);

/** The platform name of the active brand in a language (es/ja show the English name). */
export const platformTitle = (lang: string) => brandTitle(BRAND, lang);

/** Spec §2: the translated route title, then the platform title. */
export function useDocumentTitle(titleKey: string | undefined) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const platform = platformTitle(i18n.language);
    document.title = titleKey && i18n.exists(titleKey) ? `${t(titleKey)} - ${platform}` : platform;
  }, [titleKey, t, i18n]);
}
