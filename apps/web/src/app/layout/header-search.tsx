import { SearchOutlined } from '@ant-design/icons';
import { HEADER_SEARCH_THRESHOLD, type FlatRoute, type SearchResult } from '@pv/contract';
import { Select, Typography, type RefSelectProps } from 'antd';
import Fuse from 'fuse.js';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_MAX, useSearch } from './get-search';

export interface SearchEntry {
  path: string;
  /** The page's translated title. */
  name: string;
  /** The translated title of its group ('' for the pages under "/"). */
  group: string;
  label: string;
  /** Other words the page is found by (the route's searchKey: "tariff" for the power companies). */
  keywords: string;
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
      const keywords = p.searchKey ? t(p.searchKey) : '';
      return { path: p.fullPath, name, group, label: group ? `${group} > ${name}` : name, keywords };
    });
}

/** Below this many characters a text matches a page only where it is written (no fuzzy match). */
export const FUZZY_FROM = 4;

/**
 * Fuzzy search over the translated titles (Fuse.js, threshold 0.4 of spec §9); the page title counts
 * most. A page's other words (keywords, one per comma) are matched each on its own, so "tariff"
 * finds the power companies as well as their title does. A short text is matched as it is
 * written (accents aside): at 0.4, three letters one of which may be wrong match most titles, and
 * "Sao" listed nine pages that pushed the plants it meant out of the list (issue 42).
 */
export function searchPages(entries: SearchEntry[], query: string): SearchEntry[] {
  if (!query.trim()) return entries;
  const fuse = new Fuse(entries, {
    keys: [
      { name: 'name', weight: 2 },
      { name: 'group', weight: 1 },
      {
        name: 'words',
        weight: 1,
        getFn: (e) =>
          e.keywords
            .split(',')
            .map((w) => w.trim())
            .filter(Boolean),
      },
    ],
    threshold: query.trim().length < FUZZY_FROM ? 0 : HEADER_SEARCH_THRESHOLD,
    ignoreLocation: true,
    ignoreDiacritics: true,
  });
  return fuse.search(query.trim()).map((r) => r.item);
}

const DEBOUNCE_MS = 250;

export const plantPath = (id: number) => `/power_station/power_station_detail?id=${id}`;
export const devicePath = (id: number) => `/devices/devices_detail?id=${id}`;
/** The customer list filtered to that name (customer-list-page reads ?name=). */
export const customerPath = (name: string) => `/business_partners/clients_list?name=${encodeURIComponent(name)}`;

// a record on one line: what it is on the left, where it belongs on the right
const record: CSSProperties = { display: 'flex', justifyContent: 'space-between', gap: 12, minWidth: 0 };

type Translate = (key: string, values?: Record<string, unknown>) => string;

export interface SearchGroup {
  key: 'pages' | 'plants' | 'devices' | 'customers';
  label: string;
  options: { value: string; label: ReactNode; title: string }[];
}

/**
 * The search's choices in groups: the pages whose titles match, then the plants, devices and
 * customers the server found (each opening its own page, a customer the customer list filtered to
 * its name); a group with nothing in it is left out.
 */
export function searchGroups(pages: SearchEntry[], found: SearchResult | undefined, t: Translate): SearchGroup[] {
  const groups: SearchGroup[] = [
    {
      key: 'pages',
      label: t('layout.searchGroups.pages'),
      options: pages.map((e) => ({ value: e.path, label: e.label, title: e.label })),
    },
    {
      key: 'plants',
      label: t('layout.searchGroups.plants'),
      options: (found?.plants ?? []).map((p) => ({
        value: plantPath(p.id),
        title: p.name,
        label: (
          <span style={record} data-testid={`search-plant-${p.id}`}>
            <Typography.Text ellipsis>{p.name}</Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ flexShrink: 0, maxWidth: '45%' }}>
              {p.orgName}
            </Typography.Text>
          </span>
        ),
      })),
    },
    {
      key: 'devices',
      label: t('layout.searchGroups.devices'),
      options: (found?.devices ?? []).map((d) => ({
        value: devicePath(d.id),
        title: `${d.sn} ${d.name}`,
        label: (
          <span style={record} data-testid={`search-device-${d.sn}`}>
            <Typography.Text ellipsis>
              {d.sn} · {d.name}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ flexShrink: 0, maxWidth: '45%' }}>
              {t(`device.types.${d.type}`)} · {d.plantName ?? t('device.unbound')}
            </Typography.Text>
          </span>
        ),
      })),
    },
    {
      key: 'customers',
      label: t('layout.searchGroups.customers'),
      options: (found?.customers ?? []).map((c) => {
        const name = c.nickname && c.nickname !== c.name ? `${c.name} (${c.nickname})` : c.name;
        return {
          value: customerPath(c.name),
          title: name,
          label: (
            <span style={record} data-testid={`search-customer-${c.id}`}>
              <Typography.Text ellipsis>{name}</Typography.Text>
              <Typography.Text type="secondary" ellipsis style={{ flexShrink: 0, maxWidth: '45%' }}>
                {c.orgName}
              </Typography.Text>
            </span>
          ),
        };
      }),
    },
  ];
  return groups.filter((g) => g.options.length > 0);
}

/**
 * The header search (spec §2): permitted pages by a fuzzy title, and the plants (by name), devices
 * (by SN) and customers (by name) of the user's scope, asked of the server once the typing pauses.
 */
export function HeaderSearch({ pages, initialQuery }: { pages: FlatRoute[]; initialQuery?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery ?? '');
  const [asked, setAsked] = useState('');
  // taking over from the navbar's stand-in: the focus moves in the same commit, before any key
  const select = useRef<RefSelectProps>(null);
  const takesOver = initialQuery !== undefined;
  useLayoutEffect(() => {
    if (takesOver) select.current?.focus();
  }, [takesOver]);
  useEffect(() => {
    const text = query.trim().slice(0, SEARCH_MAX);
    const timer = setTimeout(() => setAsked(text), text ? DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [query]);
  const found = useSearch(asked);
  const entries = useMemo(() => searchEntries(pages, t), [pages, t]);
  // records of an older text are not offered while the new one is asked
  const records = asked && asked === query.trim().slice(0, SEARCH_MAX) ? found.data : undefined;
  const options = useMemo(() => searchGroups(searchPages(entries, query), records, t), [entries, query, records, t]);
  const waiting = query.trim() !== '' && (asked !== query.trim().slice(0, SEARCH_MAX) || found.isFetching);
  return (
    <Select
      ref={select}
      data-testid="header-search"
      className="pv-header-search"
      style={{ width: 240 }}
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      value={null}
      placeholder={
        <span>
          <SearchOutlined /> {t('layout.search')}
        </span>
      }
      aria-label={t('layout.search')}
      options={options}
      notFoundContent={waiting ? t('layout.searching') : t('layout.noMatch')}
      onChange={(path: string) => {
        setQuery('');
        navigate(path);
      }}
      onOpenChange={(open) => {
        if (!open) setQuery('');
      }}
      variant="borderless"
      popupMatchSelectWidth={360}
      // it replaces the navbar's stand-in (search-box.tsx) once the user goes to it
      defaultOpen={takesOver}
    />
  );
}
