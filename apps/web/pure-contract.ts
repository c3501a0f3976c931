import type { Plugin } from 'vite';

/** The contract's modules (packages/contract/src), not its tests. */
const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/].*(?<!\.test)\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * The contract's top-level values are declarations (zod schemas, tables, constants): `sideEffects:
 * false` says its modules may be dropped whole, and this says the same of each value. A bundler keeps
 * an unused `const x = schema.optional()`, `a.extend(b.shape)` or `Object.fromEntries(...)` of a
 * module a page reads one constant of, for what a call or a getter might do, and zod (25 KB gzip)
 * with it. Each initialiser of a top-level declaration that calls or reads anything is evaluated in
 * an arrow marked `/* @__PURE__ *\/`, so a value nothing uses is dropped with the schemas it names
 * (bare top-level statements are left as they are).
 */
export function pureContract(): Plugin {
  return {
    name: 'pv-pure-contract',
    apply: 'build',
    transform: {
      filter: { id: CONTRACT },
      handler(code) {
        const spans: [number, number][] = [];
        // whether evaluating the expression may do something (a call, a getter), and may be deferred
        const acts = (node: unknown): boolean | 'await' => {
          if (!node || typeof node !== 'object') return false;
          if (Array.isArray(node)) {
            let found: boolean | 'await' = false;
            for (const x of node) {
              const r = acts(x);
              if (r === 'await') return r;
              found ||= r;
            }
            return found;
          }
          const n = node as Node;
          if (n.type === 'AwaitExpression' || n.type === 'YieldExpression') return 'await';
          // what a function does runs when it is called, not when the module loads
          if (/Function|Class/.test(n.type)) return false;
          let found = /^(Call|New|Member|TaggedTemplate)Expression$/.test(n.type);
          for (const [key, value] of Object.entries(n)) {
            if (key === 'type') continue;
            const r = acts(value);
            if (r === 'await') return r;
            found ||= r;
          }
          return found;
        };
        // TypeScript where the plugin sees the source (the console's build hands it JavaScript already)
        for (const statement of this.parse(code, { lang: 'ts' }).body as unknown as Node[]) {
          const decl = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
          if (decl?.type !== 'VariableDeclaration') continue;
          for (const d of decl.declarations as Node[]) {
            const init = d.init as Node | null;
            if (init && acts(init) === true) spans.push([init.start, init.end]);
          }
        }
        if (!spans.length) return;
        let out = code;
        for (const [start, end] of spans.reverse())
          out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
        return { code: out, map: null };
      },
    },
  };
}
