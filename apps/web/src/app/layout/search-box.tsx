import { SearchOutlined } from '@ant-design/icons';
import type { FlatRoute } from '@pv/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAllMessages } from '@/lib/i18n';

// The search (antd's Select, Fuse.js, the record lookup) loads when the user first goes to it: a
// plain input stands in for it until then, and what is typed meanwhile is handed over.
const loadSearch = () => Promise.all([import('./header-search'), loadAllMessages()]).then(([m]) => m);
const HeaderSearch = lazy(() => loadSearch().then((m) => ({ default: m.HeaderSearch })));

/** The navbar's search box (spec §2): a stand-in until it is focused, then the header search. */
export function SearchBox({ pages }: { pages: FlatRoute[] }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(false);
  const [typed, setTyped] = useState('');
  const stub = (
    <label className="pv-header-search pv-header-search-stub" data-testid={active ? undefined : 'header-search'}>
      <SearchOutlined aria-hidden />
      <input
        value={typed}
        placeholder={t('layout.search')}
        aria-label={t('layout.search')}
        onChange={(e) => setTyped(e.target.value)}
        onPointerEnter={() => void loadSearch()}
        onFocus={() => setActive(true)}
      />
    </label>
  );
  if (!active) return stub;
  return (
    <Suspense fallback={stub}>
      <HeaderSearch pages={pages} initialQuery={typed} />
    </Suspense>
  );
}
