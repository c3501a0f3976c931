// One chunk for the console shell (issue 22's budgets). Left to itself, Rolldown cuts the modules that
// lazy chunks share into one chunk per set of sharers: the shell (app/layout/console-layout) shares
// antd's layout, menus, tabs, tooltips and its icons with dozens of pages in as many combinations,
// so a signed-in page loaded some 120 files of 0.3-20 KB. Each file is compressed on its own: the
// same code weighed about 10 % more gzip in pieces than in one.
//
// The group below takes every module the shell needs and the sign-in and public pages do not, so a
// signed-in page loads it as one file (the shell loads before any page, so a page that needs one of
// these modules has it already); likewise a language's console texts, one file per language. Which modules a chunk needs is known only after tree-shaking: the
// module graph lists every component of antd as imported by anything that imports one of them from
// 'antd' (its index re-exports them all). So the walk below follows a module that is not in the
// build (a re-exporting index) only for the names its importer takes from it.
import { dirname, resolve } from 'node:path';
import type { CodeSplittingGroup } from 'rolldown';
import { SHELL_NAMESPACES } from './src/lib/message-parts.js';

type NameFn = Extract<CodeSplittingGroup['name'], (...args: never[]) => unknown>;
type Ctx = Parameters<NameFn>[1];

const IMPORT = /\bimport\s*(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s*as\s+[\w$]+)?\s*from\s*["']([^"']+)["']/g;
const REEXPORT = /\bexport\s*(?:\{([^}]*)\}|\*(?:\s*as\s+[\w$]+)?)\s*from\s*["']([^"']+)["']/g;

/** `a`, `a as b`, `default as b` → [imported, local] */
const specifiers = (list: string) =>
  list
    .split(',')
    .map((s) => s.replace(/\btype\s+/, '').trim())
    .filter(Boolean)
    .map((s) => {
      const [from, to] = s.split(/\s+as\s+/);
      return [from!, to ?? from!] as const;
    });

/** The id among `ids` that `spec`, written in module `from`, names. */
function target(ids: string[], from: string, spec: string): string | undefined {
  if (spec.startsWith('.')) {
    const base = resolve(dirname(from), spec);
    return ids.find(
      (id) =>
        id === base ||
        (/^(\.[cm]?[jt]sx?|[\\/]index\.[cm]?[jt]sx?)$/.test(id.slice(base.length)) && id.startsWith(base)),
    );
  }
  // a package's folder (`antd`) or one of its files (`echarts/charts` is echarts/charts.js)
  return ids.find(
    (id) => id.includes(`/node_modules/${spec}/`) || new RegExp(`/node_modules/${spec}\\.[cm]?js$`).test(id),
  );
}

const LOCAL_EXPORT = /\bexport\s*\{([^}]*)\}(?!\s*from)/g;

/**
 * The modules (and their names) that `names` of a module come from when the module only passes
 * them on (`export { a } from './a'`, or `import a from './a'; export { a }`); undefined when one of
 * them is its own code or cannot be told (an `export *`).
 */
function passedOn(code: string, names: Set<string>, resolve: (spec: string) => string | undefined) {
  const from = new Map<string, [string, string]>();
  for (const m of code.matchAll(REEXPORT)) {
    const dep = resolve(m[2]!);
    if (!m[1] || !dep) return undefined;
    for (const [imported, as] of specifiers(m[1])) from.set(as, [dep, imported]);
  }
  const locals = new Map<string, [string, string]>();
  for (const m of code.matchAll(IMPORT)) {
    const dep = resolve(m[3]!);
    if (!dep) continue;
    if (m[1]) locals.set(m[1], [dep, 'default']);
    if (m[2]) for (const [imported, local] of specifiers(m[2])) locals.set(local, [dep, imported]);
  }
  for (const m of code.matchAll(LOCAL_EXPORT))
    for (const [local, as] of specifiers(m[1]!)) {
      const source = locals.get(local);
      if (source) from.set(as, source);
    }
  const out = new Map<string, Set<string>>();
  for (const n of names) {
    const source = from.get(n);
    if (!source) return undefined;
    const set = out.get(source[0]) ?? new Set<string>();
    set.add(source[1]);
    out.set(source[0], set);
  }
  return out;
}

class Walk {
  readonly full = new Set<string>();
  private readonly partial = new Map<string, Set<string>>();
  constructor(
    private readonly ctx: Ctx,
    private readonly built: Set<string>,
  ) {}

  /** `id` and everything it needs; for a module not in the build, only what `names` pass through. */
  visit(id: string, names: Set<string> | '*' = '*'): void {
    if (this.full.has(id)) return;
    const info = this.ctx.getModuleInfo(id);
    if (!info) return;
    if (this.built.has(id)) {
      // a module with code of its own whose importer takes only names it passes on (a package's
      // index that imports its parts and exports them beside a default of its own): the parts
      const via =
        names === '*' ? undefined : passedOn(info.code ?? '', names, (spec) => target(info.importedIds, id, spec));
      if (via) {
        const seen = this.partial.get(id) ?? new Set<string>();
        this.partial.set(id, seen);
        if ([...names].every((n) => seen.has(n))) return;
        for (const n of names) seen.add(n);
        for (const [dep, taken] of via) this.visit(dep, taken);
        return;
      }
      this.full.add(id);
      const asked = new Map<string, Set<string>>();
      for (const m of (info.code ?? '').matchAll(IMPORT)) {
        const dep = target(info.importedIds, id, m[3]!);
        if (!dep) continue;
        const set = asked.get(dep) ?? new Set<string>();
        if (m[1]) set.add('default');
        if (m[2]) for (const [from] of specifiers(m[2])) set.add(from);
        if (!m[1] && !m[2]) set.add('*');
        asked.set(dep, set);
      }
      for (const dep of info.importedIds) {
        const set = asked.get(dep);
        if (this.built.has(dep)) this.visit(dep, !set || set.has('*') ? '*' : set);
        else this.visit(dep, set?.has('*') ? '*' : (set ?? new Set()));
      }
      return;
    }
    // a re-exporting module (not in the build itself): follow the names asked for
    const seen = this.partial.get(id) ?? new Set<string>();
    this.partial.set(id, seen);
    const fresh = names === '*' ? ['*'] : [...names].filter((n) => !seen.has(n));
    if (!fresh.length || seen.has('*')) return;
    for (const n of fresh) seen.add(n);
    const wants = (n: string) => fresh.includes('*') || fresh.includes(n);
    for (const m of (info.code ?? '').matchAll(REEXPORT)) {
      const dep = target(info.importedIds, id, m[2]!);
      if (!dep) continue;
      if (!m[1]) {
        this.visit(dep, names === '*' ? '*' : new Set(fresh));
        continue;
      }
      const pass = specifiers(m[1]).filter(([, as]) => wants(as));
      if (pass.length) this.visit(dep, new Set(pass.map(([from]) => from)));
    }
  }
}

/** A console text file (src/locales/<language>/<namespace>.json): its language. */
const LOCALE = /[\\/]src[\\/]locales[\\/]([\w-]+)[\\/][^\\/]+\.json$/;

/**
 * A group of `codeSplitting.groups` naming three kinds of chunk (`src` is the console's source folder):
 * - `shell`: what the signed-in shell needs and neither the entry, the sign-in page nor a public
 *   page has;
 * - `shell-shared`: what the shell needs and a public page too (each loads it whole);
 * - `messages-<language>`: a language's console texts beyond those of the first screens and the
 *   shell (one file instead of one per namespace), `messages-<language>-shell` those the shell and
 *   the dashboard show (src/lib/message-parts.ts), and `messages-<language>-boot` those of its
 *   first screens.
 * `test` sees each module of the build before `name` is asked about any (Rolldown's documented order).
 */
export function shellChunk(src: string): CodeSplittingGroup {
  const built = new Set<string>();
  let chunks: Map<string, string> | undefined;
  let seen: Ctx | undefined;
  const plan = (ctx: Ctx) => {
    const main = `${src}/main.tsx`;
    const entry = new Walk(ctx, built);
    entry.visit(main);
    const boot = new Walk(ctx, built);
    boot.visit(`${src}/main.tsx`);
    // the sign-in and public pages: the lazy imports of app/pages.tsx (the signed-in pages are in
    // app/console-pages.tsx)
    const pages = ctx.getModuleInfo(`${src}/app/pages.tsx`)?.dynamicallyImportedIds ?? [];
    const signIn = pages.filter((p) => /[\\/]features[\\/]auth[\\/]/.test(p));
    for (const page of signIn) boot.visit(page);
    const open = new Walk(ctx, built);
    for (const page of pages) if (!signIn.includes(page)) open.visit(page);
    const shell = new Walk(ctx, built);
    shell.visit(`${src}/app/layout/console-layout.tsx`);
    const named = new Map<string, string>();
    // main.tsx stays the entry chunk: its top-level await waits for a language's files, which
    // import from `boot`, so `boot` must be done before main.tsx starts (else neither finishes)
    for (const m of entry.full) if (m !== main) named.set(m, 'boot');
    for (const m of shell.full) if (!boot.full.has(m)) named.set(m, open.full.has(m) ? 'shell-shared' : 'shell');
    // the namespaces of the first screens: English ships them in the entry, another language loads
    // its own before the first render (lib/i18n.ts), apart from the rest
    const first = new Set([...boot.full].filter((m) => LOCALE.test(m)).map((m) => m.replace(/^.*[\\/]/, '')));
    const shellFiles = new Set<string>(SHELL_NAMESPACES.map((ns) => `${ns}.json`));
    for (const m of built) {
      const lang = LOCALE.exec(m)?.[1];
      const file = m.replace(/^.*[\\/]/, '');
      if (lang && !boot.full.has(m))
        named.set(
          m,
          first.has(file)
            ? `messages-${lang}-boot`
            : shellFiles.has(file)
              ? `messages-${lang}-shell`
              : `messages-${lang}`,
        );
    }
    if (process.env.SHELL_CHUNK_DEBUG) {
      const count = new Map<string, number>();
      for (const n of named.values()) count.set(n, (count.get(n) ?? 0) + 1);
      console.log('first-load chunks (modules):', [...count].map(([n, c]) => `${n} ${c}`).join(', '));
    }
    return named;
  };
  return {
    name: (id, ctx) => {
      if (seen !== ctx || !chunks) {
        seen = ctx;
        chunks = plan(ctx);
      }
      return chunks.get(id) ?? null;
    },
    test: (id) => {
      built.add(id);
      return true;
    },
    // the walk above has taken what each needs (the module graph would add every antd component)
    includeDependenciesRecursively: false,
  };
}

/**
 * ECharts' modules that `components/chart.tsx` needs (the charts, grid and renderer it registers),
 * as one `echarts` chunk: the dashboard loads that file alone. The modules only a few charts need
 * (the tooltip, loaded on a pointer's first move over a chart; the history charts' zoom; the
 * fault's mark lines) are left to the next group, which cuts them by the charts that use them.
 * An `entriesAware` group alone would cut the dashboard's part in two: most of ECharts is shared
 * with the tooltip's chunk, the line and bar charts are not.
 */
export function echartsBase(src: string, test: RegExp): CodeSplittingGroup {
  const built = new Set<string>();
  let base: Set<string> | undefined;
  let seen: Ctx | undefined;
  return {
    name: (id, ctx) => {
      if (seen !== ctx || !base) {
        seen = ctx;
        const walk = new Walk(ctx, built);
        walk.visit(`${src}/components/chart.tsx`);
        base = walk.full;
      }
      return base.has(id) ? 'echarts' : null;
    },
    test: (id) => {
      built.add(id);
      return test.test(id);
    },
    includeDependenciesRecursively: false,
  };
}
