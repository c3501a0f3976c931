import { brandFor, brandTitle } from '@pv/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export const BRAND = brandFor(__BRAND__);

/** Spec §2: the translated route title, then the platform title of the active brand. */
export function useDocumentTitle(titleKey: string | undefined) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const platform = brandTitle(BRAND, i18n.language);
    document.title = titleKey && i18n.exists(titleKey) ? `${t(titleKey)} - ${platform}` : platform;
  }, [titleKey, t, i18n]);
}
