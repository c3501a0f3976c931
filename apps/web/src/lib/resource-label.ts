import type { ResourceRow } from '@pv/contract';
import { useTranslation } from 'react-i18next';

/**
 * The label of a resource: the console's translation while the resource keeps its seeded title,
 * else the names an administrator gave it (the English one in English when set).
 */
export function useResourceLabel(): (r: Pick<ResourceRow, 'titleKey' | 'name' | 'nameEn'>) => string {
  const { t, i18n } = useTranslation();
  return (r) => {
    if (r.titleKey && i18n.exists(r.titleKey)) return t(r.titleKey);
    return i18n.language === 'en' ? r.nameEn || r.name : r.name;
  };
}
