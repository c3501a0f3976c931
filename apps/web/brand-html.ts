import type { Plugin } from 'vite';
// The source, not '@pv/contract' (see contract-messages.ts)
import { brandFor } from '../../packages/contract/src/brand.js';

/**
 * BRAND at build time in index.html (before any script runs): the brand's favicon
 * (public/brands/<id>/favicon.svg), its theme colour in the browser's theme-color and the boot
 * dots, and its English title until the console sets the page's own.
 */
export function brandHtml(id: string | undefined): Plugin {
  const brand = brandFor(id);
  return {
    name: 'pv-brand-html',
    transformIndexHtml: (html) =>
      html
        .replace('href="/favicon.svg"', `href="/brands/${brand.id}/favicon.svg"`)
        .replaceAll('#664495', brand.themeColor)
        .replace(/<title>[^<]*<\/title>/, `<title>${brand.title.en}</title>`),
  };
}
