import { brandFor, brandTitle } from '@pv/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The white-label brand this build was made for (BRAND at build time). */
export const BRAND = brandFor(__BRAND__);

/** Spec §2: the route title, translated when a translation exists, then the platform title. */
export function documentTitle(routeTitle: string | undefined, platform: string): string {
  return routeTitle ? `${routeTitle} - ${platform}` : platform;
}

export function useDocumentTitle(titleKey: string | undefined) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const platform = brandTitle(BRAND, i18n.language);
    document.title = documentTitle(titleKey && i18n.exists(titleKey) ? t(titleKey) : undefined, platform);
  }, [titleKey, t, i18n, i18n.language]);
}
