import { SearchOutlined } from '@ant-design/icons';
import type { FlatRoute } from '@pv/contract';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAllMessages } from '@/lib/i18n';

// The search (antd's Select, Fuse.js, the record lookup) loads when the user first goes to it: a
// plain input stands in for it until then, and what is typed meanwhile is handed over.
const loadSearch = () => Promise.all([import('./header-search'), loadAllMessages()]).then(([m]) => m);
type Search = ComponentType<{ pages: FlatRoute[]; initialQuery?: string }>;

/** The navbar's search box (spec §2): a stand-in until it is focused, then the header search. */
export function SearchBox({ pages }: { pages: FlatRoute[] }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const [Search, setSearch] = useState<Search | null>(null);
  const [typed, setTyped] = useState('');
  const load = () => void loadSearch().then((m) => setSearch(() => m.HeaderSearch));
  // The stand-in keeps the focus and what is typed until the search's code is there; only then does
  // the search replace it, taking the text and the focus in the same commit (header-search.tsx), so
  // no keystroke falls between the two (a first letter typed at once was lost, issue 42).
  if (wanted && Search) return <Search pages={pages} initialQuery={typed} />;
  return (
    <label className="pv-header-search pv-header-search-stub" data-testid="header-search">
      <SearchOutlined aria-hidden />
      <input
        value={typed}
        placeholder={t('layout.search')}
        aria-label={t('layout.search')}
        onChange={(e) => setTyped(e.target.value)}
        onPointerEnter={load}
        onFocus={() => {
          setWanted(true);
          load();
        }}
      />
    </label>
  );
}
