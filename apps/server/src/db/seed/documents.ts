import PDFDocument from 'pdfkit';
import type { CatalogueProduct, SpecSection } from './catalogue.js';
import { FAULT_CATALOGUE } from './fault-codes.js';

/*
 * The demo's product documents as PDFs, drawn with pdfkit in its standard Helvetica fonts (no font
 * files): a datasheet per product (its figures from the catalogue, the inverter's efficiency curve as
 * vector lines), the inverter's user manual, the logger's installation guide. The layout below works
 * in points from the bottom left corner of an A4 page (595 × 842); pdfkit's own origin is the top left.
 */

type Font = 'regular' | 'bold';
const FONTS: Record<Font, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

const MAKER = 'SunWave Energy Technology Co., Ltd.';
const NAVY = '#143361';
const ACCENT = '#f59e12';
const BAND = '#dee8f5';
const ZEBRA = '#f5f7fa';
const GREY = '#666e78';
const WHITE = '#ffffff';
const WIDTH = 595.28;
const HEIGHT = 841.89;
const LEFT = 50;
const RIGHT = WIDTH - 50;
const BOTTOM = 70;

/*
 * The standard fonts print WinAnsi (Latin-1 and a few more: – — ‘ ’ “ ” • € ™); pdfkit writes any other
 * character as an invalid code, so the few the texts use become their ASCII spelling, the rest "?".
 */
const REPLACE: Record<string, string> = { '≤': '<=', '≥': '>=', '−': '-', '\u2009': ' ', '\u202f': ' ', Ω: 'Ohm' };
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (text: string) =>
  [...text].map((ch) => REPLACE[ch] ?? (ch.charCodeAt(0) < 0x100 || WIN_ANSI_EXTRA.has(ch) ? ch : '?')).join('');

/** Text laid out top to bottom over as many pages as it takes, each with the document's header and footer. */
class Layout {
  readonly doc: PDFKit.PDFDocument;
  pages = 0;
  y = 0;

  constructor(
    private readonly meta: { title: string; subtitle: string; kind: string; reference: string; created: Date },
  ) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      autoFirstPage: false,
      bufferPages: true,
      info: {
        Title: meta.title,
        Author: MAKER,
        Subject: meta.kind,
        Producer: 'PV Console demo',
        CreationDate: meta.created,
      },
    });
    this.newPage();
  }

  /** `text` on one line, its baseline at (x, y). */
  text(x: number, y: number, text: string, o: { size?: number; font?: Font; color?: string } = {}): this {
    this.doc
      .font(FONTS[o.font ?? 'regular'])
      .fontSize(o.size ?? 10)
      .fillColor(o.color ?? '#000000')
      .text(printable(text), x, HEIGHT - y, { lineBreak: false, baseline: 'alphabetic' });
    return this;
  }

  /** A filled rectangle, (x, y) its bottom left corner. */
  rect(x: number, y: number, w: number, h: number, fill: string): this {
    this.doc.rect(x, HEIGHT - y - h, w, h).fill(fill);
    return this;
  }

  /** A line through the points (x1 y1 x2 y2 …). */
  line(points: number[], stroke: string, width = 0.5): this {
    this.doc.moveTo(points[0]!, HEIGHT - points[1]!);
    for (let i = 2; i + 1 < points.length; i += 2) this.doc.lineTo(points[i]!, HEIGHT - points[i + 1]!);
    this.doc.lineWidth(width).stroke(stroke);
    return this;
  }

  /** The width of `text` in points at `size`, from the font's metrics. */
  width(text: string, size: number, font: Font = 'regular'): number {
    return this.doc.font(FONTS[font]).fontSize(size).widthOfString(printable(text));
  }

  /** `text` broken into lines no wider than `width` points. */
  wrap(text: string, width: number, size: number, font: Font = 'regular'): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && this.width(next, size, font) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  }

  newPage() {
    this.doc.addPage();
    const first = ++this.pages === 1;
    const top = HEIGHT;
    const h = first ? 96 : 40;
    this.rect(0, top - h, WIDTH, h, NAVY).rect(0, top - h - 4, WIDTH, 4, ACCENT);
    if (first) {
      this.text(LEFT, top - 28, this.meta.kind.toUpperCase(), { size: 9, font: 'bold', color: ACCENT });
      this.text(LEFT, top - 56, this.meta.title, { size: 22, font: 'bold', color: WHITE });
      this.text(LEFT, top - 78, this.meta.subtitle, { size: 10.5, color: WHITE });
    } else
      this.text(LEFT, top - 25, `${this.meta.title} · ${this.meta.kind}`, {
        size: 10,
        font: 'bold',
        color: WHITE,
      });
    this.y = top - h - 30;
  }

  /** Room for `height` points, on a new page if this one is full. */
  ensure(height: number) {
    if (this.y - height < BOTTOM) this.newPage();
  }

  heading(text: string, size = 13) {
    this.ensure(size + 80);
    this.y -= 6;
    this.text(LEFT, this.y, text, { size, font: 'bold', color: NAVY });
    this.line([LEFT, this.y - 5, RIGHT, this.y - 5], BAND, 1);
    this.y -= size + 10;
  }

  paragraph(text: string, o: { size?: number; font?: Font; indent?: number; gap?: number } = {}) {
    const size = o.size ?? 9.5;
    const x = LEFT + (o.indent ?? 0);
    for (const line of this.wrap(text, RIGHT - x, size, o.font)) {
      this.ensure(size + 4);
      this.text(x, this.y, line, { size, font: o.font });
      this.y -= size * 1.4;
    }
    this.y -= o.gap ?? 6;
  }

  bullets(items: string[]) {
    for (const item of items) {
      this.ensure(14);
      this.rect(LEFT + 3, this.y + 2, 4, 4, ACCENT);
      this.paragraph(item, { indent: 14, gap: 1 });
    }
    this.y -= 6;
  }

  /** Rows of two or three columns under a title band; a row's cells wrap in their column. */
  table(title: string, rows: string[][], columns: number[]) {
    const size = 8.8;
    this.ensure(22 + 16);
    this.rect(LEFT, this.y - 5, RIGHT - LEFT, 17, BAND);
    this.text(LEFT + 6, this.y, title, { size: 10, font: 'bold', color: NAVY });
    this.y -= 18;
    for (const [i, row] of rows.entries()) {
      const font = (c: number): Font => (c === 0 && row.length > 2 ? 'bold' : 'regular');
      const cells = row.map((cell, c) => {
        const width = (columns[c + 1] ?? RIGHT - LEFT) - columns[c]! - 10;
        return this.wrap(cell, width, size, font(c));
      });
      const lines = Math.max(...cells.map((c) => c.length));
      const height = lines * size * 1.35 + 5;
      this.ensure(height);
      if (i % 2) this.rect(LEFT, this.y - height + size + 1, RIGHT - LEFT, height, ZEBRA);
      cells.forEach((c, k) =>
        c.forEach((line, n) =>
          this.text(LEFT + 6 + columns[k]!, this.y - n * size * 1.35, line, { size, font: font(k) }),
        ),
      );
      this.y -= height;
    }
    this.y -= 12;
  }

  specs(sections: SpecSection[]) {
    for (const s of sections) this.table(s.title, s.rows, [0, 250]);
  }

  /** The footer of every page (maker, reference, page n of N), once the pages are known; then the file. */
  finish(): Buffer {
    for (let i = 0; i < this.pages; i++) {
      this.doc.switchToPage(i);
      this.line([LEFT, 48, RIGHT, 48], BAND, 0.8);
      this.text(LEFT, 34, `${MAKER} · No. 1818 Wenyi West Road, Hangzhou 311121, China · sunwave.example`, {
        size: 7.5,
        color: GREY,
      });
      this.text(LEFT, 24, `${this.meta.reference} · Specifications are subject to change without notice.`, {
        size: 7.5,
        color: GREY,
      });
      const n = `Page ${i + 1} of ${this.pages}`;
      this.text(RIGHT - this.width(n, 7.5), 24, n, { size: 7.5, color: GREY });
    }
    this.doc.end();
    // pdfkit's document is a readable stream that has pushed the whole file by end(): read it out now
    const chunks: Buffer[] = [];
    for (let chunk: Buffer | null; (chunk = this.doc.read() as Buffer | null) !== null;) chunks.push(chunk);
    return Buffer.concat(chunks);
  }
}

/** The efficiency curve of the inverter (per cent of rated power → efficiency) at three DC voltages. */
function efficiencyChart(l: Layout) {
  const points = [5, 10, 20, 30, 50, 75, 100];
  const curves: { label: string; eta: number[]; color: string }[] = [
    { label: 'Vdc = 200 V', eta: [88.9, 93.6, 95.8, 96.5, 96.9, 96.7, 96.3], color: '#8c99a8' },
    { label: 'Vdc = 360 V', eta: [90.8, 94.9, 96.8, 97.3, 97.6, 97.4, 97.1], color: NAVY },
    { label: 'Vdc = 500 V', eta: [89.7, 94.2, 96.3, 96.9, 97.2, 97.1, 96.8], color: ACCENT },
  ];
  const w = 300;
  const h = 150;
  l.ensure(h + 80);
  const x0 = LEFT + 35;
  const y0 = l.y - h - 30;
  const px = (p: number) => x0 + (p / 100) * w;
  const py = (eta: number) => y0 + ((eta - 88) / 10) * h;
  l.text(LEFT, l.y, 'Efficiency curve (230 V AC)', { size: 10, font: 'bold', color: NAVY });
  for (let eta = 88; eta <= 98; eta += 2) {
    l.line([x0, py(eta), x0 + w, py(eta)], BAND, 0.6);
    l.text(x0 - 22, py(eta) - 3, `${eta}`, { size: 7.5, color: GREY });
  }
  for (const p of [0, 20, 40, 60, 80, 100]) l.text(px(p) - 6, y0 - 12, `${p}`, { size: 7.5, color: GREY });
  l.line([x0, y0, x0, y0 + h], GREY, 0.8).line([x0, y0, x0 + w, y0], GREY, 0.8);
  l.text(x0 + w / 2 - 50, y0 - 24, 'Output power / rated power (%)', { size: 7.5, color: GREY });
  l.text(x0 - 22, y0 + h + 10, 'Efficiency (%)', { size: 7.5, color: GREY });
  for (const [k, c] of curves.entries()) {
    l.line(
      points.flatMap((p, i) => [px(p), py(c.eta[i]!)]),
      c.color,
      1.4,
    );
    l.rect(x0 + w + 20, y0 + h - 20 - k * 16, 12, 3, c.color);
    l.text(x0 + w + 38, y0 + h - 22 - k * 16, c.label, { size: 8 });
  }
  l.y = y0 - 40;
}

const reference = (p: CatalogueProduct, kind: string, created: Date) =>
  `${p.code}-${kind}-EN-${created.toISOString().slice(0, 7)}`;

/** A product's datasheet: what it is, its features, then every figure of the catalogue. */
export function datasheetPdf(p: CatalogueProduct, created: Date): Buffer {
  const l = new Layout({
    title: `${p.name.split(' ')[0]} ${p.code}`,
    subtitle: p.tagline,
    kind: 'Datasheet',
    reference: reference(p, 'DS', created),
    created,
  });
  l.paragraph(p.summary, { size: 10.5, gap: 12 });
  l.heading('Highlights');
  l.bullets(p.features);
  if (p.type === 'inverter') efficiencyChart(l);
  l.heading('Technical data');
  l.specs(p.specs);
  l.paragraph(
    'All figures at 25 °C ambient and standard test conditions unless stated otherwise. Grid codes, ' +
      'certificates and warranty terms vary by country: ask your service provider for the ones that apply.',
    { size: 8, gap: 0 },
  );
  return l.finish();
}

/** The inverter's user manual: safety, installation, commissioning, monitoring, troubleshooting. */
export function userManualPdf(p: CatalogueProduct, created: Date): Buffer {
  const l = new Layout({
    title: `${p.name.split(' ')[0]} ${p.code}`,
    subtitle: 'User manual: installation, commissioning and operation',
    kind: 'User manual',
    reference: reference(p, 'UM', created),
    created,
  });
  const section = (title: string, paragraphs: string[]) => {
    l.heading(title);
    for (const text of paragraphs) l.paragraph(text);
  };
  section('1 About this manual', [
    `This manual is for the qualified electricians who install the ${p.name} ${p.code} and for the people who ` +
      'operate it. Read it before any work on the inverter and keep it near the installation.',
  ]);
  section('2 Safety', [
    'DANGER: the PV array delivers a DC voltage of up to 600 V whenever light falls on it. Switch the DC ' +
      'switch off and cover the modules, or work at night, before connecting or disconnecting strings.',
    'WARNING: after switching off the AC, the DC and the battery, wait 5 minutes for the capacitors to ' +
      'discharge before opening the connection area.',
    'Only a qualified electrician may install the inverter, following the local rules for grid connection ' +
      'and the grid operator’s requirements.',
  ]);
  section('3 Mounting', [
    'Mount the inverter vertically on a solid wall, out of direct sunlight and rain where possible. Keep ' +
      '300 mm free above and below it and 200 mm on each side for cooling; its fan runs as the heat sink ' +
      'warms up, and it derates above 45 °C.',
  ]);
  l.table(
    'Clearances and mounting',
    [
      ['Above / below', '300 mm'],
      ['Left / right', '200 mm'],
      ['In front', '500 mm'],
      ['Wall', 'Concrete or brick; 4 × M8 anchors (supplied)'],
      ['Max. tilt', '15° backwards'],
    ],
    [0, 250],
  );
  section('4 Electrical connection', [
    'AC: connect L, N and PE with 6 mm² copper cable through a 32 A type C circuit breaker. Where the grid ' +
      'operator asks for it, install a type A residual current device of 30 mA.',
    'PV: connect one string to each MPPT (PV1, PV2) with the supplied MC4 connectors. Check the polarity and ' +
      'that the open-circuit voltage at the lowest expected temperature stays below 600 V.',
    'Battery: connect the PowerCell PC10 with the supplied 35 mm² cables and the CAN cable to the BMS port; ' +
      'then the battery breaker.',
    'Meter: connect the GridEye GE3P at the grid connection point to the METER port (RS485 A/B) for export ' +
      'limitation and self-consumption.',
  ]);
  section('5 Commissioning', [
    'Switch on the AC breaker, then the DC switch. On first start the inverter asks for its grid code: choose ' +
      'the country and grid of the site; the grid code sets the nominal voltage and frequency (50 Hz or ' +
      '60 Hz), the protection limits and the reconnection time. The inverter then checks the grid for 60 s ' +
      'and starts feeding in.',
    'Connect the LinkBox LB100 logger to the RS485 port, join it to the site network with the installer ' +
      'app, and bind the inverter’s serial number to the plant in PV Console.',
  ]);
  section('6 Monitoring and upgrades', [
    'PV Console shows the plant’s power, its energy per day, month and year, and every fault the inverter ' +
      'reports. Firmware upgrades are pushed over the air from the device page; the inverter upgrades in ' +
      'daylight only (it needs its PV input), reports its progress and restarts on the new version. It keeps ' +
      'the running version when an upgrade fails.',
  ]);
  l.table(
    'Status LED',
    [
      ['Green, steady', 'Feeding in'],
      ['Green, blinking', 'Checking the grid before feeding in'],
      ['Blue, blinking', 'Firmware upgrade under way'],
      ['Red, steady', 'Fault: see the fault code in PV Console or on the display'],
      ['Off', 'No PV, no battery and no grid (night with the battery empty)'],
    ],
    [0, 250],
  );
  l.heading('7 Troubleshooting');
  l.paragraph('The inverter reports these codes; PV Console shows them with the same action.');
  const codes = ['F01', 'F02', 'F07', 'F08', 'F09', 'F12', 'F15', 'F23'];
  l.table(
    'Fault codes',
    FAULT_CATALOGUE.filter((f) => codes.includes(f.code)).map((f) => [f.code, f.texts.en.title, f.texts.en.action]),
    [0, 40, 200],
  );
  section('8 Maintenance', [
    'Once a year: check the cables and connectors for damage, clean the fan and the heat sink of dust and leaves, and ' +
      'read the fault history in PV Console. The inverter needs no other maintenance.',
  ]);
  l.heading('9 Technical data');
  l.specs(p.specs.filter((s) => s.title !== 'Protection'));
  return l.finish();
}

/** The logger's quick installation guide. */
export function installationGuidePdf(p: CatalogueProduct, created: Date): Buffer {
  const l = new Layout({
    title: `${p.name.split(' ')[0]} ${p.code}`,
    subtitle: 'Quick installation guide',
    kind: 'Installation guide',
    reference: reference(p, 'IG', created),
    created,
  });
  l.heading('In the box');
  l.bullets([
    'LinkBox LB100 logger',
    '12 V DC power adapter',
    'Wall plate and DIN-rail clip',
    'Wi-Fi antenna',
    'RS485 terminal block',
  ]);
  l.heading('Steps');
  l.table(
    'Installation',
    [
      [
        '1',
        'Mount',
        'Fix the logger within 1,200 m of cable of the last device, out of the rain, with the antenna upwards.',
      ],
      [
        '2',
        'Wire the bus',
        'Connect A to A and B to B from the logger to each inverter, battery and meter; terminate the last device with 120 Ω.',
      ],
      ['3', 'Power', 'Connect the adapter. The LED blinks green while the logger starts (about 30 s).'],
      [
        '4',
        'Network',
        'Join the logger to the site Wi-Fi with the installer app, or plug in an Ethernet cable. The LED turns steady green once it reaches PV Console.',
      ],
      [
        '5',
        'Bind',
        'In PV Console, bind the logger’s serial number (on its label) to the plant. The devices behind it appear as its sub devices after the first report.',
      ],
    ],
    [0, 30, 130],
  );
  l.table(
    'LED',
    [
      ['Green, steady', 'Connected, reporting every 10 s'],
      ['Green, blinking', 'Starting, or no network yet'],
      ['Red, two blinks', 'The platform refused the device key: bind the logger again'],
      ['Red, steady', 'No device answers on RS485: check the wiring'],
    ],
    [0, 250],
  );
  l.heading('Technical data');
  l.specs(p.specs);
  return l.finish();
}
