import type { Plugin } from 'vite';
// The source, not '@pv/contract': Vite bundles a config's relative imports, and Node 20 cannot load .ts
import { messagesFor } from '../../packages/contract/src/messages.js';

const PREFIX = 'virtual:pv-messages/';

/**
 * `import('virtual:pv-messages/<lang>')`: the contract's server messages of one language as a module
 * of its own, so the console loads only the language in use (src/lib/i18n.ts). Imported from
 * @pv/contract, every language's table would sit in the first load of every page.
 */
export function contractMessages(): Plugin {
  return {
    name: 'pv-contract-messages',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load: (id) =>
      id.startsWith(`\0${PREFIX}`)
        ? `export default ${JSON.stringify(messagesFor(id.slice(PREFIX.length + 1)))};`
        : undefined,
  };
}
