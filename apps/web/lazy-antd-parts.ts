import type { Plugin } from 'vite';

/**
 * Parts of antd components that the console never shows on a first paint, loaded when first
 * rendered instead of with the component (issue 22's first-load budgets): [the component's module,
 * the import it makes]. A card imports the whole of Tabs for its `tabList` (none of ours has one:
 * 11 KB gzip on every page with a card); Typography's text imports its in-place editor (a TextArea)
 * for `editable` (none of ours is); a table imports Tree for a column's tree filter (`filterMode:
 * 'tree'`, none of ours: 10 KB on every list page) and its virtual table for `virtual` (unused).
 */
const PARTS: [importer: RegExp, source: string][] = [
  [/[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, '../tabs'],
  [/[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/, '../Editable'],
  [/[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/, '../../../tree'],
  [/[\\/]antd[\\/]es[\\/]table[\\/]InternalTable\.js$/, './RcTable/VirtualTable'],
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
