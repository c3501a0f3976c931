import { expect, test, type APIRequestContext } from '../support/test';
import { LANGS, chooseOption, pickOption, stamp, translator, useLanguage } from '../support/i18n';
import { apiToken, signInByApi } from '../support/session';
import { scrollToPlantPart } from '../support/plant';

// sign-in, two lazy pages and a wait for the revenue job; the machine is shared
test.describe.configure({ timeout: 150_000 });

const BASE = '/photo_voltaic';
async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}
type Tariff = { powerCompanyId: number | null; priceArea: string | null; currency: string | null };
type Plant = Tariff & {
  id: number;
  name: string;
  capacityKw: number;
  country: string | null;
  timeZone: string;
  address: string | null;
};

/** What a test changed, put back after it: demo plants get their tariff again, its companies go. */
const made: { companies: number[]; plants: Plant[] } = { companies: [], plants: [] };
test.afterAll(async ({ request }) => {
  const headers = { 'x-token': await apiToken(request, 'admin') };
  for (const p of made.plants) {
    const res = await request.put(`${BASE}/plants/${p.id}`, {
      headers,
      data: {
        name: p.name,
        capacityKw: p.capacityKw,
        country: p.country,
        timeZone: p.timeZone,
        address: p.address,
        powerCompanyId: p.powerCompanyId,
        priceArea: p.priceArea,
        currency: p.currency,
      },
    });
    expect(res.status()).toBe(200);
  }
  for (const id of made.companies) await request.delete(`${BASE}/power-companies/${id}`, { headers });
});

for (const lang of LANGS) {
  const t = translator(lang);

  test(`[${lang}] tariffs: a company with a peak / off-peak price, given to a plant, shows the plant's revenue`, async ({
    page,
    request,
  }) => {
    const s = stamp();
    await useLanguage(page, lang);
    const token = await signInByApi(page, request, 'admin');
    const headers = { 'x-token': token };

    // the company, with one price area, in euros
    await page.goto('/systems/power-company');
    await expect(page.getByTestId('company-table')).toContainText('Stadtwerke Berlin');
    await page.getByTestId('company-create').click();
    const name = `E2E Power ${s}`;
    const area = `Zone${s}`;
    await page.getByTestId('company-name').fill(name);
    await page.getByTestId('company-country').fill('de');
    await page.getByTestId('company-currency').click();
    await pickOption(page, 'EUR');
    await page.getByTestId('company-areas').locator('input').fill(area);
    await page.getByTestId('company-areas').locator('input').press('Enter');
    await page.getByTestId('company-save').click();
    await expect(page.getByText(t('success.create'))).toBeVisible();
    const company = (
      await data<{ rows: { id: number; name: string }[] }>(
        await request.get(`${BASE}/power-companies?keyword=${encodeURIComponent(name)}`, { headers }),
      )
    ).rows[0]!;
    made.companies.push(company.id);

    // its feed-in price: peak 08–20 at 0.30, off-peak 20–08 at 0.10; a gap is refused first
    await page.getByTestId('company-keyword').fill(name);
    await page.getByTestId('company-search').click();
    await page.getByTestId(`company-${company.id}`).click();
    await expect(page.getByTestId('price-list')).toContainText(name);
    await page.getByTestId('price-create').click();
    await page.getByTestId('period-price-0').fill('0.30');
    await page.getByTestId('period-price-1').fill('0.10');
    await page.getByTestId('period-from-1').fill('21:00');
    await page.getByTestId('price-save').click();
    await expect(page.getByText(t('validation.timePeriod'))).toBeVisible();
    await page.getByTestId('period-from-1').fill('20:00');
    // the company's "created" message must be gone, so the one awaited next is the price's
    await expect(page.getByText(t('success.create'))).toHaveCount(0);
    await page.getByTestId('price-save').click();
    await expect(page.getByText(t('success.create'))).toBeVisible();
    // the periods in words (stored as peak / offPeak)
    await expect(page.getByTestId('price-table')).toContainText(`${t('tariff.periodNames.peak')} 08:00–20:00 · 0.30`);
    await expect(page.getByTestId('price-table')).toContainText(
      `${t('tariff.periodNames.offPeak')} 20:00–08:00 · 0.10`,
    );
    await expect(page.getByTestId('price-table')).toContainText(t('tariff.kinds.feedIn'));

    // a demo plant with history takes the company in its form
    const plant = (
      await data<{ rows: Plant[] }>(
        await request.get(`${BASE}/plants?sortField=energyTotal&sortOrder=descend&pageSize=${lang === 'en' ? 1 : 2}`, {
          headers,
        }),
      )
    ).rows.at(-1)!;
    made.plants.push(plant);
    await page.goto(`/power_station/power_station_detail?id=${plant.id}`);
    await page.getByTestId('plant-detail-edit').click();
    await chooseOption(page, page.getByTestId('plant-company'), name);
    await expect(page.getByTestId('plant-currency')).toHaveValue('EUR');
    await page.getByTestId('plant-form-ok').click();
    await expect(page.getByText(t('success.update'))).toBeVisible();

    // the revenue job (started by the change) computes its history: the year by period appears
    const revenue = page.getByTestId('plant-revenue');
    await expect(async () => {
      await page.reload();
      await scrollToPlantPart(page, 'revenue');
      await revenue.getByText(t('tariff.range.year'), { exact: true }).click();
      // the periods named in words (the price stores 'offPeak' and 'peak')
      await expect(page.getByTestId('revenue-periods')).toContainText(t('tariff.periodNames.offPeak'), {
        timeout: 3_000,
      });
    }).toPass({ timeout: 90_000 });
    await expect(page.getByTestId('revenue-periods')).toContainText(t('tariff.periodNames.peak'));
    await expect(page.getByTestId('revenue-range-amount')).toContainText('€');
    await expect(revenue).toContainText(t('tariff.revenueTotal'));

    // the plant list shows it in the plant's currency
    await page.goto('/power_station/power_station_list');
    await expect(page.getByTestId(`plant-link-${plant.id}`)).toBeVisible();
    const row = page.locator('tr', { has: page.getByTestId(`plant-link-${plant.id}`) });
    await expect(row).toContainText('€');
  });
}
