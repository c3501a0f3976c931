/*
 * A small PDF 1.4 writer for the demo's product documents: pages of text in the standard
 * Helvetica fonts (WinAnsi encoding, so Latin-1 text, °, ±, µ, – and € print as themselves),
 * filled rectangles and lines. No images, no embedded fonts, uncompressed content streams, a
 * correct cross-reference table: what any PDF reader opens.
 */

export type PdfFont = 'regular' | 'bold';
/** A colour as three components in [0, 1]. */
export type Rgb = readonly [number, number, number];

/** Glyph widths (1/1000 em) of the printable ASCII characters 32–126, Helvetica then Helvetica-Bold (the AFM files). */
const WIDTHS: Record<PdfFont, number[]> = {
  regular: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
    556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
    260, 334, 584,
  ],
  bold: [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
    556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
    280, 389, 584,
  ],
};

/** WinAnsi codes of the characters outside Latin-1 the documents use. */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
};
const REPLACE: Record<string, string> = { '≤': '<=', '≥': '>=', '−': '-', '\u2009': ' ', '\u202f': ' ', Ω: 'Ohm' };

/** The text as WinAnsi bytes (one char per byte); what the encoding lacks becomes "?". */
function winAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = REPLACE[ch] ?? ch;
    if (c.length > 1) out += c;
    else {
      const code = c.charCodeAt(0);
      out += String.fromCharCode(
        WIN_ANSI[c] ?? (code < 0x100 && (code >= 0xa0 || (code >= 0x20 && code < 0x7f)) ? code : 63),
      );
    }
  }
  return out;
}

/** The width of `text` in points at `size`. */
export function textWidth(text: string, size: number, font: PdfFont = 'regular'): number {
  let w = 0;
  for (const ch of winAnsi(text)) {
    const code = ch.charCodeAt(0);
    w += code >= 32 && code <= 126 ? WIDTHS[font][code - 32]! : 556;
  }
  return (w * size) / 1000;
}

/** `text` broken into lines no wider than `width` points. */
export function wrap(text: string, width: number, size: number, font: PdfFont = 'regular'): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size, font) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const num = (n: number) => String(Math.round(n * 100) / 100);
const color = (c: Rgb, op: 'rg' | 'RG') => `${c.map(num).join(' ')} ${op}`;
const literal = (s: string) => `(${winAnsi(s).replace(/[\\()]/g, (m) => `\\${m}`)})`;

/** One page's drawing, in points from the bottom left corner (A4: 595 × 842). */
export class PdfPage {
  readonly ops: string[] = [];

  text(x: number, y: number, text: string, o: { size?: number; font?: PdfFont; color?: Rgb } = {}): this {
    const f = o.font === 'bold' ? 'F2' : 'F1';
    this.ops.push(
      `BT ${color(o.color ?? [0, 0, 0], 'rg')} /${f} ${num(o.size ?? 10)} Tf ${num(x)} ${num(y)} Td ${literal(text)} Tj ET`,
    );
    return this;
  }

  rect(x: number, y: number, w: number, h: number, fill: Rgb): this {
    this.ops.push(`${color(fill, 'rg')} ${num(x)} ${num(y)} ${num(w)} ${num(h)} re f`);
    return this;
  }

  /** A line through the points (x1 y1 x2 y2 …). */
  line(points: number[], stroke: Rgb, width = 0.5): this {
    const path = [];
    for (let i = 0; i + 1 < points.length; i += 2)
      path.push(`${num(points[i]!)} ${num(points[i + 1]!)} ${i ? 'l' : 'm'}`);
    this.ops.push(`${color(stroke, 'RG')} ${num(width)} w ${path.join(' ')} S`);
    return this;
  }
}

/** A document: its pages, then its bytes. */
export class PdfDocument {
  readonly pages: PdfPage[] = [];
  static readonly WIDTH = 595.28;
  static readonly HEIGHT = 841.89;

  constructor(private readonly info: { title: string; author: string; subject?: string; created: Date }) {}

  addPage(): PdfPage {
    const page = new PdfPage();
    this.pages.push(page);
    return page;
  }

  toBuffer(): Buffer {
    // objects 1 catalog, 2 page tree, 3–4 fonts, 5 info, then a page and its content per page
    const objects: string[] = [];
    const kids = this.pages.map((_, i) => `${6 + 2 * i} 0 R`).join(' ');
    objects.push('<< /Type /Catalog /Pages 2 0 R >>');
    objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${this.pages.length} >>`);
    for (const base of ['Helvetica', 'Helvetica-Bold'])
      objects.push(`<< /Type /Font /Subtype /Type1 /BaseFont /${base} /Encoding /WinAnsiEncoding >>`);
    const d = this.info.created.toISOString().replace(/[-:T]/g, '').slice(0, 14);
    objects.push(
      `<< /Title ${literal(this.info.title)} /Author ${literal(this.info.author)}` +
        (this.info.subject ? ` /Subject ${literal(this.info.subject)}` : '') +
        ` /Producer (PV Console demo) /CreationDate (D:${d}Z) >>`,
    );
    for (const [i, page] of this.pages.entries()) {
      objects.push(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PdfDocument.WIDTH} ${PdfDocument.HEIGHT}] ` +
          `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${7 + 2 * i} 0 R >>`,
      );
      const stream = page.ops.join('\n');
      objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    }
    // every string is one byte per char (winAnsi), so string offsets are byte offsets
    let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
    const offsets = objects.map((o, i) => {
      const at = body.length;
      body += `${i + 1} 0 obj\n${o}\nendobj\n`;
      return at;
    });
    const xref = body.length;
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
    body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(body, 'latin1');
  }
}
