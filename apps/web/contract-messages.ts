import type { Plugin } from 'vite';
// The source, not '@pv/contract': Vite bundles a config's relative imports, and Node 20 cannot load .ts
import { messagesFor } from '../../packages/contract/src/messages.js';

const PREFIX = 'virtual:pv-messages/';
/** The messages the first screens and the shell show: a form's rules, toasts, a failed request. */
const FIRST = /^(error|validation|success)\./;

/** A language's table, or with `-first` / `-rest` (English) the part of it that FIRST takes or leaves. */
function table(name: string): Record<string, string> {
  const [lang, part] = name.split('-');
  const all: Record<string, string> = messagesFor(lang!);
  if (!part) return all;
  return Object.fromEntries(Object.entries(all).filter(([key]) => FIRST.test(key) === (part === 'first')));
}

/**
 * `import('virtual:pv-messages/<lang>')`: the contract's server messages of one language as a module
 * of its own, so the console loads only the language in use (src/lib/i18n.ts). Imported from
 * @pv/contract, every language's table would sit in the first load of every page. English, the
 * fallback, is in two: `en-first` with the console's entry, `en-rest` (the domains' messages of
 * other pages' forms and exports) with every console text.
 */
export function contractMessages(): Plugin {
  return {
    name: 'pv-contract-messages',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load: (id) =>
      id.startsWith(`\0${PREFIX}`)
        ? `export default ${JSON.stringify(table(id.slice(PREFIX.length + 1)))};`
        : undefined,
  };
}
