import {
  isCurrency,
  localDay,
  translate,
  type PlantRevenue,
  type PowerCompanyQuery,
  type PowerCompanyRow,
  type powerCompanyBody,
  type priceBody,
  type PriceQuery,
  type PriceRow,
  type RecomputeRow,
  type RevenueFigures,
  type RevenueRange,
} from '@pv/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import type { XlsxColumn, XlsxExport } from '../../lib/xlsx-export.js';
import type { AuditNote } from '../../plugins/audit.js';
import { kickRevenue, parsePeriods } from './revenue.refresh.js';
import * as repo from './tariff.repository.js';

type Db = Kysely<Database>;
type CompanyBody = z.output<typeof powerCompanyBody>;
type PriceBodyOut = z.output<typeof priceBody>;
type Paged<Q> = Q & { pageNum: number; pageSize: number };

const areasOf = (json: string): string[] => JSON.parse(json) as string[];

type CompanyRecord = NonNullable<Awaited<ReturnType<typeof repo.findCompany>>>;
const toCompany = (r: CompanyRecord): PowerCompanyRow => ({
  id: r.id,
  name: r.name,
  country: r.country,
  currency: r.currency,
  priceAreas: areasOf(r.price_areas),
  plants: Number(r.plants),
  prices: Number(r.prices),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

export async function listCompanies(db: Db, { pageNum, pageSize, ...f }: Paged<PowerCompanyQuery>) {
  const { rows, total } = await repo.listCompanies(db, f, pageSize, (pageNum - 1) * pageSize);
  return { rows: rows.map(toCompany), total };
}

async function mustFindCompany(db: Db, id: number) {
  const c = await repo.findCompany(db, id);
  if (!c) throw notFound();
  return c;
}

export async function getCompany(db: Db, id: number) {
  return toCompany(await mustFindCompany(db, id));
}

export async function companyOptions(db: Db) {
  return (await repo.companyOptions(db)).map((c) => ({
    id: c.id,
    name: c.name,
    currency: c.currency,
    priceAreas: areasOf(c.price_areas),
  }));
}

export async function createCompany(db: Db, b: CompanyBody) {
  const now = Date.now();
  const id = await repo.insertCompany(db, {
    name: b.name,
    country: b.country,
    currency: b.currency,
    price_areas: JSON.stringify(b.priceAreas),
    created_at: now,
    updated_at: now,
  });
  return { data: await getCompany(db, id), note: { recordId: id, summary: b.name } satisfies AuditNote };
}

/**
 * Edits a company. While plants sell to it, its currency stays (their revenue is in it); an area
 * may go only when no price and no plant uses it.
 */
export async function updateCompany(db: Db, id: number, b: CompanyBody) {
  const c = await mustFindCompany(db, id);
  if (b.currency !== c.currency) {
    const plants = await repo.plantsUsing(db, id);
    if (plants > 0) throw new ApiError(409, 'company.inUse', { count: plants });
  }
  const removed = areasOf(c.price_areas).filter((a) => !b.priceAreas.includes(a));
  if (removed.length && ((await repo.plantsUsing(db, id, removed)) > 0 || (await repo.pricesIn(db, id, removed)) > 0))
    throw new ApiError(409, 'price.areaInUse', { area: removed.join(', ') });
  await repo.updateCompany(db, id, {
    name: b.name,
    country: b.country,
    currency: b.currency,
    price_areas: JSON.stringify(b.priceAreas),
    updated_at: Date.now(),
  });
  return { data: await getCompany(db, id), note: { recordId: id, summary: b.name } satisfies AuditNote };
}

/** Deletes a company and its prices; refused (409) while a plant uses one of its tariffs. */
export async function deleteCompany(db: Db, id: number): Promise<AuditNote> {
  const c = await mustFindCompany(db, id);
  const plants = await repo.plantsUsing(db, id);
  if (plants > 0) throw new ApiError(409, 'company.inUse', { count: plants });
  await inTransaction(db, (trx) => repo.deleteCompany(trx, id));
  return { recordId: id, summary: c.name };
}

const COMPANY_COLUMNS: readonly XlsxColumn[] = [
  { key: 'name', header: 'companyExport.name', width: 28 },
  { key: 'country', header: 'companyExport.country', width: 10 },
  { key: 'currency', header: 'companyExport.currency', width: 10 },
  { key: 'priceAreas', header: 'companyExport.priceAreas', width: 36 },
  { key: 'prices', header: 'companyExport.prices', width: 10 },
  { key: 'plants', header: 'companyExport.plants', width: 10 },
];

/** The filtered company list as a workbook (headers in the caller's language). */
export function exportCompanies(
  db: Db,
  f: Omit<PowerCompanyQuery, 'pageNum' | 'pageSize'>,
): XlsxExport<Record<string, unknown>> {
  async function* rows() {
    for await (const r of repo.iterateCompanies(db, f)) {
      const c = toCompany(r);
      yield { ...c, priceAreas: c.priceAreas.join(', ') };
    }
  }
  return { filename: 'power-companies.xlsx', sheet: 'companyExport.sheet', columns: COMPANY_COLUMNS, rows: rows() };
}

// ---- prices

const toPrice = (r: repo.PriceRecord): PriceRow => ({
  id: r.id,
  companyId: r.company_id,
  companyName: r.company_name,
  currency: r.currency,
  area: r.area,
  kind: r.kind,
  validFrom: r.valid_from,
  validTo: r.valid_to,
  periods: parsePeriods(r.periods),
  updatedBy: r.updated_by,
  updatedAt: Number(r.updated_at),
});

export async function listPrices(db: Db, { pageNum, pageSize, ...f }: Paged<PriceQuery>) {
  const { rows, total } = await repo.listPrices(db, f, pageSize, (pageNum - 1) * pageSize);
  return { rows: rows.map(toPrice), total };
}

async function mustFindPrice(db: Db, id: number) {
  const p = await repo.findPrice(db, id);
  if (!p) throw notFound();
  return p;
}

export async function getPrice(db: Db, id: number) {
  return toPrice(await mustFindPrice(db, id));
}

/** The company must have the area, and no other price of its area and kind may be valid on a day of this one. */
async function checkPrice(db: Db, b: PriceBodyOut, lang: string, exceptId?: number) {
  const company = await mustFindCompany(db, b.companyId);
  if (!areasOf(company.price_areas).includes(b.area)) throw badRequest('price.areaUnknown', { area: b.area });
  const clash = await repo.overlappingPrice(db, {
    companyId: b.companyId,
    area: b.area,
    kind: b.kind,
    from: b.validFrom,
    to: b.validTo,
    exceptId,
  });
  if (clash)
    throw badRequest('price.rangeOverlap', {
      area: b.area,
      kind: translate(lang, `priceKind.${b.kind}`),
      from: clash.valid_from,
      to: clash.valid_to ?? '…',
    });
  return company;
}

const OPEN_END = '9999-12-31';

/**
 * Queues the recompute of the revenue of the days [from, to] for the plants of a company's area
 * (after a feed-in price changed); none when no plant sells there.
 */
async function queueRecompute(db: Db, me: SessionUser, companyId: number, area: string, from: string, to: string) {
  const plants = await repo.plantsUsing(db, companyId, [area]);
  if (!plants) return null;
  const id = await repo.insertRecompute(db, {
    companyId,
    area,
    from,
    to,
    total: plants,
    by: me.loginName,
    now: Date.now(),
  });
  return getRecompute(db, id);
}

const summaryOf = (company: string, b: { area: string; kind: string; validFrom: string; validTo: string | null }) =>
  `${company} · ${b.area} · ${b.kind} · ${b.validFrom} → ${b.validTo ?? '…'}`;

export async function createPrice(db: Db, me: SessionUser, b: PriceBodyOut, lang: string) {
  const company = await checkPrice(db, b, lang);
  const now = Date.now();
  const id = await repo.insertPrice(db, {
    company_id: b.companyId,
    area: b.area,
    kind: b.kind,
    valid_from: b.validFrom,
    valid_to: b.validTo,
    periods: JSON.stringify(b.periods),
    updated_by: me.loginName,
    created_at: now,
    updated_at: now,
  });
  const recompute =
    b.kind === 'feedIn' ? await queueRecompute(db, me, b.companyId, b.area, b.validFrom, b.validTo ?? OPEN_END) : null;
  return {
    data: { price: await getPrice(db, id), recompute },
    note: { recordId: id, summary: summaryOf(company.name, b) } satisfies AuditNote,
  };
}

const minDay = (a: string, b: string) => (a < b ? a : b);
const maxDay = (a: string, b: string) => (a > b ? a : b);

export async function updatePrice(db: Db, me: SessionUser, id: number, b: PriceBodyOut, lang: string) {
  const old = await mustFindPrice(db, id);
  const company = await checkPrice(db, b, lang, id);
  await repo.updatePrice(db, id, {
    company_id: b.companyId,
    area: b.area,
    kind: b.kind,
    valid_from: b.validFrom,
    valid_to: b.validTo,
    periods: JSON.stringify(b.periods),
    updated_by: me.loginName,
    updated_at: Date.now(),
  });
  // the days the old version priced and the days the new one prices
  let recompute: RecomputeRow | null = null;
  const sameArea = old.company_id === b.companyId && old.area === b.area;
  if (old.kind === 'feedIn' && !(sameArea && b.kind === 'feedIn'))
    recompute = await queueRecompute(db, me, old.company_id, old.area, old.valid_from, old.valid_to ?? OPEN_END);
  if (b.kind === 'feedIn') {
    const from = sameArea && old.kind === 'feedIn' ? minDay(old.valid_from, b.validFrom) : b.validFrom;
    const to =
      sameArea && old.kind === 'feedIn'
        ? maxDay(old.valid_to ?? OPEN_END, b.validTo ?? OPEN_END)
        : (b.validTo ?? OPEN_END);
    recompute = (await queueRecompute(db, me, b.companyId, b.area, from, to)) ?? recompute;
  }
  const was = summaryOf(old.company_name, {
    area: old.area,
    kind: old.kind,
    validFrom: old.valid_from,
    validTo: old.valid_to,
  });
  return {
    data: { price: await getPrice(db, id), recompute },
    note: { recordId: id, summary: `${was} ⇒ ${summaryOf(company.name, b)}` } satisfies AuditNote,
  };
}

export async function deletePrice(db: Db, me: SessionUser, id: number) {
  const old = await mustFindPrice(db, id);
  await repo.deletePrice(db, id);
  const recompute =
    old.kind === 'feedIn'
      ? await queueRecompute(db, me, old.company_id, old.area, old.valid_from, old.valid_to ?? OPEN_END)
      : null;
  return {
    data: recompute,
    note: {
      recordId: id,
      summary: summaryOf(old.company_name, {
        area: old.area,
        kind: old.kind,
        validFrom: old.valid_from,
        validTo: old.valid_to,
      }),
    } satisfies AuditNote,
  };
}

export async function getRecompute(db: Db, id: number): Promise<RecomputeRow> {
  const r = await repo.findRecompute(db, id);
  if (!r) throw notFound();
  return {
    id: r.id,
    state: r.state,
    fromDay: r.from_day,
    toDay: r.to_day,
    plantsTotal: Number(r.plants_total),
    plantsDone: Number(r.plants_done),
    createdAt: Number(r.created_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
  };
}

// ---- a plant's tariff (the plant form)

/**
 * The columns of a plant's tariff from its form: company, area and currency together or none;
 * the area one of the company's, the currency the company's. Throws 400 (translated) otherwise.
 */
export async function plantTariff(
  db: Db,
  b: { powerCompanyId?: number | null; priceArea?: string | null; currency?: string | null },
) {
  const given = [b.powerCompanyId, b.priceArea, b.currency].filter((v) => v !== undefined && v !== null && v !== '');
  if (!given.length) return { power_company_id: null, price_area: null, currency: null };
  if (given.length !== 3) throw badRequest('plant.tariffIncomplete');
  const company = await repo.findCompany(db, b.powerCompanyId!);
  if (!company) throw badRequest('plant.tariffIncomplete');
  if (!areasOf(company.price_areas).includes(b.priceArea!))
    throw badRequest('price.areaUnknown', { area: b.priceArea! });
  if (!isCurrency(b.currency!) || b.currency !== company.currency)
    throw badRequest('plant.tariffCurrency', { currency: company.currency });
  return { power_company_id: company.id, price_area: b.priceArea!, currency: company.currency };
}

type TariffFields = { powerCompanyId?: number | null; priceArea?: string | null; currency?: string | null };

/**
 * Applies the tariff fields of a plant form (checked by `plantTariff`); fields left out keep the
 * plant's tariff. A changed tariff drops the plant's revenue rows: the revenue job computes its
 * history again in the new tariff.
 */
export async function applyPlantTariff(db: Db, plantId: number, b: TariffFields) {
  if (b.powerCompanyId === undefined && b.priceArea === undefined && b.currency === undefined) return;
  const t = await plantTariff(db, b);
  const changed = await inTransaction(db, async (trx) => {
    const c = await repo.setPlantTariff(trx, plantId, t);
    if (c) await repo.forgetRevenue(trx, plantId);
    return c;
  });
  if (changed) kickRevenue(db);
}

// ---- reading revenue

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** A plant's revenue for a local day, month or year, by period and per day (or month). 404 outside the caller's view. */
export async function plantRevenue(
  db: Db,
  me: SessionUser,
  id: number,
  q: { range: RevenueRange; date?: string },
  now = Date.now(),
): Promise<PlantRevenue> {
  const p = await repo.visiblePlant(db, me, id);
  if (!p) throw notFound();
  const date = q.date ?? localDay(now, p.time_zone);
  const from = q.range === 'day' ? date : q.range === 'month' ? `${date.slice(0, 7)}-01` : `${date.slice(0, 4)}-01-01`;
  const to = q.range === 'day' ? date : q.range === 'month' ? monthEnd(date.slice(0, 7)) : `${date.slice(0, 4)}-12-31`;
  const empty: PlantRevenue = { currency: null, range: q.range, from, to, amount: 0, kwh: 0, byPeriod: [], series: [] };
  if (p.power_company_id === null || !p.price_area || !p.currency) return empty;
  const rows = await repo.plantRevenueRows(db, id, p.currency, from, to);
  const byPeriod = new Map<string, { kwh: number; amount: number }>();
  const series = new Map<string, Map<string, { kwh: number; amount: number }>>();
  // every day (or month) of the range is in the series, with or without revenue
  if (q.range === 'year')
    for (let m = 1; m <= 12; m++) series.set(`${date.slice(0, 4)}-${String(m).padStart(2, '0')}`, new Map());
  else for (let d = from; d <= to; d = addDays(d, 1)) series.set(d, new Map());
  let amount = 0;
  let kwh = 0;
  for (const r of rows) {
    const a = Number(r.amount);
    const k = Number(r.kwh);
    amount += a;
    kwh += k;
    const f = byPeriod.get(r.period) ?? { kwh: 0, amount: 0 };
    byPeriod.set(r.period, { kwh: f.kwh + k, amount: f.amount + a });
    const label = q.range === 'year' ? r.day.slice(0, 7) : r.day;
    const s = series.get(label)!;
    const g = s.get(r.period) ?? { kwh: 0, amount: 0 };
    s.set(r.period, { kwh: g.kwh + k, amount: g.amount + a });
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const list = (m: Map<string, { kwh: number; amount: number }>) =>
    [...m].map(([period, f]) => ({ period, kwh: round(f.kwh), amount: f.amount }));
  return {
    currency: p.currency,
    range: q.range,
    from,
    to,
    amount,
    kwh: round(kwh),
    byPeriod: list(byPeriod),
    series: [...series].map(([label, m]) => ({ label, byPeriod: list(m) })),
  };
}

/** The fleet's revenue, one entry per currency, over the plants the caller sees. */
export async function fleetRevenue(db: Db, me: SessionUser): Promise<RevenueFigures[]> {
  return (await repo.fleetRevenue(db, me)).map((r) => ({
    currency: r.currency!,
    today: Number(r.today ?? 0),
    month: Number(r.month ?? 0),
    year: Number(r.year ?? 0),
    total: Number(r.total ?? 0),
    plants: Number(r.plants),
  }));
}
