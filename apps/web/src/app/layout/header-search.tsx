import { SearchOutlined } from '@ant-design/icons';
import { HEADER_SEARCH_THRESHOLD, type FlatRoute } from '@pv/contract';
import { Select } from 'antd';
import Fuse from 'fuse.js';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Fuzzy search (Fuse.js, threshold 0.4) over the translated titles of the permitted pages. */
export function HeaderSearch({ pages }: { pages: FlatRoute[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const entries = useMemo(
    () =>
      pages
        .filter((p) => !p.hidden && !p.children)
        .map((p) => {
          const group = p.parentPath && p.parentPath !== '/' ? t(pages.find((x) => x.fullPath === p.parentPath)?.titleKey ?? '') : '';
          return { path: p.fullPath, name: t(p.titleKey), group, title: [group, t(p.titleKey)].filter(Boolean).join(' > ') };
        }),
    [pages, t],
  );
  const fuse = useMemo(() => new Fuse(entries, { keys: [{ name: 'name', weight: 2 }, 'group', 'path'], threshold: HEADER_SEARCH_THRESHOLD, ignoreLocation: true }), [entries]);
  const options = (query ? fuse.search(query).map((r) => r.item) : entries).map((e) => ({ value: e.path, label: e.title }));
  return (
    <Select
      data-testid="header-search"
      className="pv-header-search"
      showSearch={{ filterOption: false, onSearch: setQuery }}
      value={null}
      placeholder={
        <span>
          <SearchOutlined /> {t('layout.search')}
        </span>
      }
      options={options}
      notFoundContent={t('layout.noMatch')}
      onChange={(path: string) => {
        setQuery('');
        navigate(path);
      }}
      variant="borderless"
      popupMatchSelectWidth={260}
    />
  );
}
