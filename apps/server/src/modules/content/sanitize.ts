import sanitizeHtml from 'sanitize-html';

/**
 * The one gate of stored content HTML: an allow-list sanitiser (sanitize-html), never a regex.
 * What the editor writes survives (paragraphs, headings, lists, emphasis, links, pictures, videos,
 * tables, code); scripts, event handlers, styles, frames, forms and every URL scheme but http(s),
 * mailto and tel (on links) are dropped. Links open in a new tab without access to the opener.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'video',
    'source',
    'code',
    'pre',
    'hr',
    'span',
    'div',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    video: ['src', 'controls', 'poster', 'width', 'height', 'preload'],
    source: ['src', 'type'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], video: ['http', 'https'], source: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster', 'cite'],
  allowProtocolRelative: false,
  // what is dropped goes with its text for these (a script's code never shows as text)
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
    video: (tagName, attribs) => ({ tagName, attribs: { ...attribs, controls: '' } }),
  },
};

export const sanitizeContent = (html: string): string => sanitizeHtml(html, OPTIONS).trim();

// stored HTML is sanitised already: the line breaks after block ends are layout for the text, not a filter
const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|pre|tr|div)>|<br\s*\/?>/gi;
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** The plain text of stored content (an export's cell): the same sanitiser keeping no tag, a line per block. */
export const contentText = (html: string): string =>
  sanitizeHtml(html.replace(BLOCK_END, '$&\n'), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: OPTIONS.nonTextTags,
  })
    .replace(/&(?:lt|gt|quot|#39|amp);/g, (e) => ENTITIES[e]!)
    .replace(/\n{2,}/g, '\n')
    .trim();
