import { SearchOutlined } from '@ant-design/icons';
import { HEADER_SEARCH_THRESHOLD, type FlatRoute } from '@pv/contract';
import { Select } from 'antd';
import Fuse from 'fuse.js';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export interface SearchEntry {
  path: string;
  /** The page's translated title. */
  name: string;
  /** The translated title of its group ('' for the pages under "/"). */
  group: string;
  label: string;
}

/** The pages a user can open from the search: permitted, visible, with translated titles. */
export function searchEntries(pages: FlatRoute[], t: (key: string) => string): SearchEntry[] {
  const byPath = new Map(pages.map((p) => [p.fullPath, p]));
  return pages
    .filter((p) => !p.hidden && !p.children)
    .map((p) => {
      const parent = p.parentPath && p.parentPath !== '/' ? byPath.get(p.parentPath) : undefined;
      const group = parent ? t(parent.titleKey) : '';
      const name = t(p.titleKey);
      return { path: p.fullPath, name, group, label: group ? `${group} > ${name}` : name };
    });
}

/** Fuzzy search over the translated titles (Fuse.js, threshold 0.4 of spec §9); the page title counts most. */
export function searchPages(entries: SearchEntry[], query: string): SearchEntry[] {
  if (!query.trim()) return entries;
  const fuse = new Fuse(entries, {
    keys: [
      { name: 'name', weight: 2 },
      { name: 'group', weight: 1 },
    ],
    threshold: HEADER_SEARCH_THRESHOLD,
    ignoreLocation: true,
  });
  return fuse.search(query.trim()).map((r) => r.item);
}

/** The header route search of spec §2: pick a permitted page by a fuzzy title and open it. */
export function HeaderSearch({ pages }: { pages: FlatRoute[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const entries = useMemo(() => searchEntries(pages, t), [pages, t]);
  const options = useMemo(
    () => searchPages(entries, query).map((e) => ({ value: e.path, label: e.label })),
    [entries, query],
  );
  return (
    <Select
      data-testid="header-search"
      className="pv-header-search"
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      value={null}
      placeholder={
        <span>
          <SearchOutlined /> {t('layout.search')}
        </span>
      }
      aria-label={t('layout.search')}
      options={options}
      notFoundContent={t('layout.noMatch')}
      onChange={(path: string) => {
        setQuery('');
        navigate(path);
      }}
      onOpenChange={(open) => {
        if (!open) setQuery('');
      }}
      variant="borderless"
      popupMatchSelectWidth={280}
    />
  );
}
