import type { Plugin } from 'vite';

/**
 * Parts of antd components that the console never shows on a first paint, loaded when first
 * rendered instead of with the component (issue 22's first-load budgets): [the component's module,
 * the import it makes]. A card imports the whole of Tabs for its `tabList` (none of ours has one:
 * 11 KB gzip on every page with a card); Typography's text imports its in-place editor (a TextArea)
 * for `editable` (none of ours is), its edit icon, and its copy button for `copyable` (a few dialogs'
 * keys and passwords: the button shows once its chunk is there); a table imports Tree for a column's tree filter (`filterMode:
 * 'tree'`, none of ours: 10 KB on every list page) and its virtual table for `virtual` (unused).
 * A button's style reads a colour helper from the colour picker's presets, whose module imports
 * Collapse for the presets' panel (the console has no colour picker): some 3 KB gzip on every page.
 * A pager imports Select for its page-size changer, shown only by the lists that offer one (and
 * those have selects in their search form): 24 KB gzip with the virtual list on a record page's
 * tables. A table imports Radio for single-row selection and for a column's single-choice filter
 * (none of ours selects or filters that way).
 */
const PARTS: [importer: RegExp, source: string][] = [
  [/[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, '../tabs'],
  [/[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/, '../Editable'],
  [/[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/, './CopyBtn'],
  [/[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/, '@ant-design/icons/es/icons/EditOutlined'],
  [/[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/, '../../../tree'],
  [/[\\/]antd[\\/]es[\\/]table[\\/]InternalTable\.js$/, './RcTable/VirtualTable'],
  [/[\\/]antd[\\/]es[\\/]pagination[\\/]Pagination\.js$/, '../select'],
  [/[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, '../../radio'],
  [/[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/, '../../../radio'],
  [/[\\/]antd[\\/]es[\\/]color-picker[\\/]components[\\/]ColorPresets\.js$/, '../../collapse'],
];

const PREFIX = '\0pv-lazy-part:';

/** Each import of PARTS becomes a component that loads the real one the first time it renders. */
export function lazyAntdParts(): Plugin {
  return {
    name: 'pv-lazy-antd-parts',
    apply: 'build',
    // before Vite's own resolver, which would answer first
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !PARTS.some(([test, s]) => s === source && test.test(importer))) return null;
      const real = await this.resolve(source, importer, { skipSelf: true });
      return real && !real.external ? PREFIX + real.id : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const real = JSON.stringify(id.slice(PREFIX.length));
      return [
        `import { createElement, lazy, Suspense } from 'react';`,
        `const Part = lazy(() => import(${real}));`,
        `export default function LazyPart(props) {`,
        `  return createElement(Suspense, { fallback: null }, createElement(Part, props));`,
        `}`,
      ].join('\n');
    },
  };
}
