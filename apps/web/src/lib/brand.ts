import { brandFor, brandTitle } from '@pv/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The white label this build was made for (vite `define` __BRAND__). */
export const BRAND = brandFor(__BRAND__);

/** The brand's logo and favicon (apps/web/public/brands/<id>/; index.html takes the favicon at build). */
export const BRAND_LOGO = `/brands/${BRAND.id}/logo.svg`;

/** The platform name of the active brand in a language. */
export const platformTitle = (lang: string) => brandTitle(BRAND, lang);

/** Spec §2: the route title, then the platform title; the platform title alone without a route title. */
export function documentTitle(routeTitle: string | undefined, platform: string): string {
  return routeTitle ? `${routeTitle} - ${platform}` : platform;
}

/** Sets the document title from a route's title key, translated when a translation exists. */
export function useDocumentTitle(titleKey: string | undefined) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = documentTitle(
      titleKey && i18n.exists(titleKey) ? t(titleKey) : undefined,
      platformTitle(i18n.language),
    );
  }, [titleKey, t, i18n, i18n.language]);
}
