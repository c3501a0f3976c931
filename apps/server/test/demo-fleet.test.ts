import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { DOCUMENT_LIMITS } from '@pv/contract';
import { startFleet, type FleetRun } from '@pv/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../src/db/seed/catalogue.js';
import { seedDemoFaults } from '../src/db/seed/faults.js';
import type { DemoFleet } from '../src/db/seed/fleet.js';
import { buildTestApp, login, type TestApp } from './helper.js';

// What a newcomer sees on a fresh demo: plants where they are (country, an address as the city
// writes it), the grid frequency of that country, firmware with release notes and an OTA history,
// and product documents that are real PDFs with the product's figures.

let t: TestApp;
let admin: string;
let fleet: DemoFleet;
beforeAll(async () => {
  // 12 plants: one in each demo city
  t = await buildTestApp({ SIMULATOR_PLANTS: '12' }, { onDemoFleet: (f) => (fleet = f) });
  admin = await login(t.app, 'admin');
});
afterAll(async () => t?.close());

const get = async (url: string, lang = 'en', token: string | undefined = admin) => {
  const res = await t.app.inject({
    url: `/photo_voltaic${url}`,
    headers: { 'accept-language': lang, ...(token && { 'x-token': token }) },
  });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
};

interface Plant {
  id: number;
  name: string;
  country: string | null;
  address: string | null;
  timeZone: string;
}
interface Device {
  id: number;
  sn: string;
  type: string;
  plantId: number | null;
  parentSn: string | null;
  swVersion: string | null;
  points: Record<string, unknown> | null;
}
interface Firmware {
  id: number;
  version: string;
  deviceType: string;
  size: number;
  sha256: string;
  releaseNotes: string | null;
  createdAt: number;
}
interface LogRow {
  cmdId: string;
  version: string | null;
  progress: number;
  status: string;
  ts: number;
}

const plants = async (): Promise<Plant[]> => (await get('/plants?pageNum=1&pageSize=100')).rows;
const devices = async (): Promise<Device[]> => (await get('/devices?pageNum=1&pageSize=500')).rows;
const firmware = async (): Promise<Firmware[]> => (await get('/firmware?pageNum=1&pageSize=100')).rows;

describe('demo plants', () => {
  // how each city writes an address: street and number, district, city, postcode in its order
  const LOCAL: Record<string, RegExp> = {
    CN: /^\d{6} \S+省?\S*市\S+区.+号$/u,
    JP: /^〒\d{3}-\d{4} 東京都\S+[区市].+\d+丁目\d+-\d+$/u,
    AU: /^\d+ [A-Z][a-z]+ (Street|Road|Avenue), [A-Z][A-Za-z ]+ NSW \d{4}$/,
    IN: /^.+, .+, (New Delhi, Delhi|Noida, Uttar Pradesh) \d{6}$/,
    DE: /^[A-ZÄÖÜ][\wäöüß ]+ \d+, \d{5} Berlin(-[A-Z][a-zäöü]+)?$/,
    ES: /^(Calle|Avenida) de .+, \d+, .+, 28\d{3} .*Madrid$/,
    ZA: /^\d+ .+, .+, Cape Town, \d{4}$/,
    US: /^\d+ [NSEW] .+, (Phoenix, AZ|Los Angeles, CA|Woodland Hills, CA) \d{5}$/,
    BR: /^(Rua|Avenida) .+, \d+ - .+, São Paulo - SP, \d{5}-\d{3}$/,
  };

  it('are in their country, at an address written as their city writes it, each its own', async () => {
    const rows = await plants();
    expect(rows).toHaveLength(12);
    for (const p of rows) {
      const site = fleet.plants.find((s) => s.name === p.name)!;
      expect(p.country, p.name).toBe(site.country);
      expect(p.address, p.name).not.toBe(p.name);
      expect(p.address ?? '', `${p.name}: ${p.address}`).toMatch(LOCAL[p.country ?? '']!);
    }
    expect(new Set(rows.map((p) => p.address)).size).toBe(rows.length);
    const byCity = (city: string) => rows.find((p) => p.name === fleet.plants.find((s) => s.city === city)!.name)!;
    expect(byCity('São Paulo').address).toContain('São Paulo - SP');
    expect(byCity('Phoenix').address).toMatch(/, Phoenix, AZ 85\d{3}$/);
    expect(byCity('Berlin').address).toMatch(/, 12\d{3} Berlin/);
  });
});

describe('demo firmware', () => {
  it("lists each product's versions with release notes in the four languages, and files that download whole", async () => {
    const rows = await firmware();
    for (const product of CATALOGUE) {
      const mine = rows.filter((f) => f.deviceType === product.type);
      expect(mine.map((f) => f.version).sort(), product.code).toEqual(product.firmware.map((r) => r.version).sort());
      for (const f of mine) expect(Object.keys(JSON.parse(f.releaseNotes!)).sort()).toEqual(['en', 'es', 'ja', 'zh']);
    }
    const newest = rows.find(
      (f) => f.deviceType === 'inverter' && f.version === CATALOGUE[0]!.firmware.at(-1)!.version,
    )!;
    const file = await t.app.inject({
      url: `/photo_voltaic/firmware/${newest.id}/file`,
      headers: { 'x-token': admin },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(newest.size);
    expect(newest.size).toBeGreaterThan(100_000);
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(newest.sha256);
  });

  it("shows on the product page a latest release that is the product's newest firmware, in the visitor's language", async () => {
    const rows = await firmware();
    for (const lang of ['en', 'es'] as const) {
      const products: { code: string; type: string; release: { version: string; notes: string } | null }[] = await get(
        '/cms/products',
        lang,
        undefined,
      );
      for (const product of CATALOGUE) {
        const page = products.find((p) => p.code === product.code)!;
        const newest = rows
          .filter((f) => f.deviceType === product.type)
          .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)[0]!;
        expect(page.release?.version, product.code).toBe(newest.version);
        expect(page.release?.notes).toBe(JSON.parse(newest.releaseNotes!)[lang]);
      }
    }
  });

  it('runs the devices on a mix of versions that exist, each the end of its own update log', async () => {
    const rows = await firmware();
    const all = (await devices()).filter((d) => d.plantId !== null);
    const versionsOf = (type: string) => new Set(rows.filter((f) => f.deviceType === type).map((f) => f.version));
    for (const d of all) expect(versionsOf(d.type).has(d.swVersion ?? ''), `${d.sn} ${d.swVersion}`).toBe(true);
    for (const type of ['inverter', 'collector', 'battery']) {
      const running = new Set(all.filter((d) => d.type === type).map((d) => d.swVersion));
      expect(running.size, type).toBeGreaterThanOrEqual(2);
    }
    const inverters = all.filter((d) => d.type === 'inverter');
    const onNewest = inverters.filter((d) => d.swVersion === CATALOGUE[0]!.firmware.at(-1)!.version).length;
    expect(onNewest).toBeGreaterThan(0);
    expect(onNewest).toBeLessThan(inverters.length);

    // an inverter or battery on its own (no sub devices): its newest completed upgrade is the version it runs
    let logged = 0;
    const alone = all.filter((d) => d.type === 'inverter' || d.type === 'battery');
    for (const d of alone) {
      const log: LogRow[] = await get(`/devices/${d.id}/update-log`);
      if (log.length) logged++;
      for (const r of log) expect(['success', 'failed'], d.sn).toContain(r.status);
      const done = log.filter((r) => r.status === 'success' && r.progress === 100);
      if (done.length) expect(done[0]!.version, d.sn).toBe(d.swVersion);
    }
    expect(logged).toBeGreaterThan(alone.length / 2);
    // the meters take no OTA: no log, the factory version
    for (const d of all.filter((x) => x.type === 'meter')) {
      expect(await get(`/devices/${d.id}/update-log`)).toEqual([]);
      expect(d.swVersion).toBe(CATALOGUE.find((p) => p.type === 'meter')!.firmware.at(-1)!.version);
    }
  });

  it('shows a failed upgrade and its completed retry in the first inverter’s log and command history', async () => {
    const inv = (await devices()).find((d) => d.sn === 'INVP000101')!;
    const newest = CATALOGUE[0]!.firmware.at(-1)!.version;
    expect(inv.swVersion).toBe(newest);
    const log: LogRow[] = await get(`/devices/${inv.id}/update-log`);
    const failed = log.filter((r) => r.status === 'failed' && r.version === newest);
    const done = log.filter((r) => r.status === 'success' && r.version === newest);
    expect(failed.length).toBeGreaterThan(0);
    expect(Math.max(...failed.map((r) => r.progress))).toBeLessThan(100);
    expect(done.map((r) => r.progress).sort((a, b) => a - b)).toEqual([0, 25, 50, 75, 100]);
    expect(Math.min(...done.map((r) => r.ts))).toBeGreaterThan(Math.max(...failed.map((r) => r.ts)));
    const history: { rows: { cmdId: string; kind: string; status: string; ackContent: string | null }[] } = await get(
      `/devices/${inv.id}/commands?pageNum=1&pageSize=50`,
    );
    const failedCmd = history.rows.find((c) => c.cmdId === failed[0]!.cmdId)!;
    expect(failedCmd).toMatchObject({ kind: 'ota', status: 'failed' });
    expect(failedCmd.ackContent).toBeTruthy();
    expect(history.rows.find((c) => c.cmdId === done[0]!.cmdId)).toMatchObject({ status: 'success' });
  });

  it("upgrades a collector's sub inverters through it: the sub inverter's log, the collector's command", async () => {
    const all = await devices();
    const subs = all.filter((d) => d.parentSn !== null);
    expect(subs.length).toBeGreaterThan(0);
    let logged = 0;
    for (const sub of subs) {
      const log: LogRow[] = await get(`/devices/${sub.id}/update-log`);
      const done = log.filter((r) => r.status === 'success' && r.progress === 100);
      if (done.length) {
        logged++;
        expect(done[0]!.version, sub.sn).toBe(sub.swVersion);
      }
    }
    expect(logged).toBeGreaterThan(0);
  });
});

describe('demo documents', () => {
  /**
   * The strings a content stream draws, one per text operator (Tj, or TJ with its parts joined across
   * the kerning), its literal "(…)" and hex "<…>" strings read as bytes (the standard fonts' WinAnsi
   * codes, which for ASCII are the characters themselves).
   */
  function drawnStrings(content: string): string[] {
    const literal = (s: string) => s.replace(/\\([()\\])/g, '$1');
    const hex = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex').toString('latin1');
    const part = /\(((?:\\.|[^\\)])*)\)|<([0-9a-fA-F\s]*)>/g;
    const strings: string[] = [];
    for (const op of content.matchAll(
      /\[((?:\((?:\\.|[^\\)])*\)|<[^>]*>|[^\]])*)\]\s*TJ|(\((?:\\.|[^\\)])*\)|<[^>]*>)\s*Tj/g,
    ))
      strings.push(
        [...(op[1] ?? op[2]!).matchAll(part)].map((m) => (m[1] !== undefined ? literal(m[1]) : hex(m[2]!))).join(''),
      );
    return strings;
  }

  /**
   * The PDF's structure: header, cross-reference table whose offsets are its objects, trailer, pages;
   * and the strings its pages draw, read from its content streams (inflated where compressed).
   */
  function checkPdf(bytes: Buffer) {
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const xref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const [, first, count] = /^xref\s+(\d+) (\d+)\s/.exec(text.slice(xref))!.map(Number) as number[];
    expect(first).toBe(0);
    const entries = text
      .slice(xref)
      .split('\n')
      .slice(2, 2 + count!);
    for (const [n, entry] of entries.entries()) {
      const [offset, , kind] = entry.trim().split(' ');
      if (kind !== 'n') continue;
      expect(text.slice(Number(offset)).startsWith(`${n} 0 obj`), `object ${n}`).toBe(true);
    }
    const pages = text.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
    expect(Number(/\/Type \/Pages\b[^>]*\/Count (\d+)/.exec(text)?.[1])).toBe(pages);
    const strings: string[] = [];
    for (const m of text.matchAll(/<<((?:(?!>>)[\s\S])*)>>\s*stream\r?\n/g)) {
      const length = Number(/\/Length (\d+)(?! \d+ R)/.exec(m[1]!)?.[1]);
      expect(length, 'a stream of direct length').toBeGreaterThan(0);
      const raw = bytes.subarray(m.index + m[0].length, m.index + m[0].length + length);
      const data = /\/FlateDecode/.test(m[1]!) ? inflateSync(raw) : raw;
      strings.push(...drawnStrings(data.toString('latin1')));
    }
    return { pages, strings };
  }

  it('gives every product a datasheet PDF with its figures, and the inverter a user manual of several pages', async () => {
    const products: {
      code: string;
      documents: { docType: string; fileName: string; size: number; downloadUrl: string }[];
    }[] = await get('/cms/products', 'en', undefined);
    for (const product of CATALOGUE) {
      const docs = products.find((p) => p.code === product.code)!.documents;
      expect(
        docs.map((d) => d.docType),
        product.code,
      ).toContain('datasheet');
      for (const doc of docs) {
        const file = await t.app.inject({ url: doc.downloadUrl });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('application/pdf');
        const bytes = file.rawPayload;
        expect(bytes.length).toBe(doc.size);
        expect(bytes.length).toBeLessThan(DOCUMENT_LIMITS.pdfMaxBytes);
        const { pages, strings } = checkPdf(bytes);
        // a document of pages of text, not a stub
        expect(strings.join('').length, doc.fileName).toBeGreaterThan(1_000);
        expect(pages).toBeGreaterThanOrEqual(1);
        if (doc.docType === 'userManual') expect(pages, doc.fileName).toBeGreaterThanOrEqual(3);
        if (doc.docType !== 'datasheet') continue;
        // every figure of the datasheet printed (those in plain ASCII, as they are encoded as such, and
        // short enough to stay on one line)
        const ascii = product.specs
          .flatMap((s) => s.rows)
          .filter(([k, v]) => /^[\x20-\x7e]+$/.test(k + v) && v.length <= 40);
        expect(ascii.length).toBeGreaterThan(4);
        for (const [label, value] of ascii) {
          expect(strings, `${doc.fileName}: ${label}`).toContain(label);
          expect(strings, `${doc.fileName}: ${value}`).toContain(value);
        }
      }
    }
    const sw5k = products.find((p) => p.code === 'SW5K')!.documents.find((d) => d.docType === 'datasheet')!;
    const { strings } = checkPdf((await t.app.inject({ url: sw5k.downloadUrl })).rawPayload);
    for (const figure of ['Rated AC power', '5,000 W', 'Number of MPP trackers', 'Max. efficiency', '97.6 %'])
      expect(strings).toContain(figure);
    // the efficiency curve's axes and legend
    for (const label of ['Efficiency curve (230 V AC)', 'Output power / rated power (%)', 'Vdc = 360 V'])
      expect(strings).toContain(label);
  });
});

describe('the grid of a demo plant', () => {
  let run: FleetRun | undefined;
  afterAll(async () => run?.stop());

  it('reports 60 Hz in São Paulo and Phoenix and 50 Hz in Berlin, from the devices the demo simulates', async () => {
    const cities = ['São Paulo', 'Phoenix', 'Berlin'];
    const sites = fleet.plants.filter((p) => cities.includes(p.city ?? ''));
    expect(sites).toHaveLength(3);
    const before = new Map((await devices()).map((d) => [d.sn, d.swVersion]));
    run = await startFleet({
      brokerUrl: `mqtt://127.0.0.1:${t.app.deviceLink!.port}`,
      plants: sites,
      seed: 42,
      intervalMs: 200,
      credentials: (sn) => ({ username: sn, password: fleet.keys.get(sn) ?? '' }),
      resume: (sn) => fleet.counters.get(sn),
      faultRatePerHour: 0,
      offlineRatePerHour: 0,
    });
    const inverterOf = (city: string) => {
      const site = sites.find((p) => p.city === city)!;
      return site.devices.find((d) => d.type === 'inverter')!.sn;
    };
    const frequency = async (sn: string) => {
      const d = (await devices()).find((x) => x.sn === sn)!;
      return d.points?.gridFrequency as number | undefined;
    };
    for (const [city, hz] of [
      ['São Paulo', 60],
      ['Phoenix', 60],
      ['Berlin', 50],
    ] as const) {
      await expect.poll(() => frequency(inverterOf(city)), { timeout: 15_000 }).toBeTypeOf('number');
      const f = (await frequency(inverterOf(city)))!;
      expect(Math.abs(f - hz), `${city}: ${f} Hz`).toBeLessThan(0.1);
    }
    // on connecting, each device reported the version the demo gave it
    const after = await devices();
    for (const sn of sites.flatMap((p) => p.devices.map((d) => d.sn)))
      expect(after.find((d) => d.sn === sn)!.swVersion, sn).toBe(before.get(sn));
  });
});

describe('the demo fault history', () => {
  it("writes a grid fault with the limits of its plant's grid", async () => {
    // what the first start with history writes (this app was seeded without)
    await seedDemoFaults(t.app.db, { seed: 42, now: Date.now() });
    const rows = await t.app.db
      .selectFrom('faults as f')
      .innerJoin('devices as d', 'd.id', 'f.device_id')
      .innerJoin('plants as p', 'p.id', 'd.plant_id')
      .select(['f.code', 'f.message', 'p.country'])
      .where('f.code', 'in', ['F07', 'F08', 'F09'])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const limits: Record<string, { F07: string; F08: string; F09: string }> = {
      US: { F07: '264 V', F08: '192 V', F09: '60.6 Hz' },
      BR: { F07: '242 V', F08: '176 V', F09: '60.6 Hz' },
      CN: { F07: '242 V', F08: '176 V', F09: '50.6 Hz' },
      JP: { F07: '220 V', F08: '160 V', F09: '50.6 Hz' },
    };
    for (const r of rows) {
      const want = limits[r.country ?? ''] ?? { F07: '253 V', F08: '184 V', F09: '50.6 Hz' };
      expect(r.message, `${r.country} ${r.code}`).toContain(want[r.code as 'F07' | 'F08' | 'F09']);
    }
  });
});
