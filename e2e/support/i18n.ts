import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messagesEn, messagesZh } from '@pv/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import { currentServer } from './servers';

export type Lang = 'en' | 'zh';
export const LANGS = ['en', 'zh'] as const satisfies readonly Lang[];

type Tree = { [key: string]: string | Tree };

const LOCALES = fileURLToPath(new URL('../../apps/web/src/locales', import.meta.url));

/** The console's locale files of a language, flattened to 'plant.grant.add' keys. */
function webMessages(lang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(node)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (typeof v === 'string') out[key] = v;
      else walk(v, key);
    }
  };
  const dir = join(LOCALES, lang);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')))
    walk(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree, '');
  return out;
}

// what the console shows: the contract's messages, overridden by the web's locale files (as i18n.ts merges them)
const catalogue: Record<Lang, Record<string, string>> = {
  en: { ...messagesEn, ...webMessages('en') },
  zh: { ...messagesZh, ...webMessages('zh') },
};

/**
 * The text the console shows for a key in a language, read from the same sources the console
 * bundles, so a reworded translation does not break a test; an unknown key throws.
 */
export function tr(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  // a count picks its plural form as i18next does: key_one / key_other by the language's rules
  const count = values.count;
  const form = typeof count === 'number' ? `${key}_${new Intl.PluralRules(lang).select(count)}` : undefined;
  const template = (form && catalogue[lang][form]) ?? catalogue[lang][key] ?? catalogue[lang][`${key}_other`];
  if (template === undefined) throw new Error(`no ${lang} text for ${key}`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}

/** A translator bound to one language. */
export const translator = (lang: Lang) => (key: string, values?: Record<string, string | number>) =>
  tr(lang, key, values);

/** Sets the console's language cookie before the first page load. */
export async function useLanguage(page: Page, lang: Lang) {
  await page.context().addCookies([{ name: 'language', value: lang, url: currentServer().url }]);
}

/** A unique suffix for names a test creates (letters and digits only, as the name rule wants). */
export const stamp = () => `${Date.now() % 1_000_000_000}${Math.floor(Math.random() * 90 + 10)}`;

/** A button label as antd shows it: a two-character Chinese label is spaced out ("保 存"). */
export const buttonText = (text: string) =>
  new RegExp(`^${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?')}$`);

/**
 * Picks an option of the select dropdown that is open now (closed ones stay in the page, hidden).
 * A click that lands while the dropdown still moves into place (its list loading, the form's
 * messages shifting it) is lost, so it is repeated until the dropdown closes.
 */
export async function pickOption(page: Page, text: string | RegExp) {
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  await expect(option).toBeVisible();
  await expect(async () => {
    if (await option.isVisible()) await option.click({ timeout: 2_000 });
    await expect(option).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Opens `select`, picks `text` and checks that the select shows it with its dropdown closed, again
 * until it does: on a busy machine a click can land while the dropdown still moves, be lost, or
 * open the dropdown again over the dialog's buttons.
 */
export async function chooseOption(page: Page, select: Locator, text: string) {
  const open = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await open.count()) === 0) await select.click({ timeout: 2_000 });
    await pickOption(page, text);
    await expect(select).toContainText(text, { timeout: 1_000 });
    await expect(open).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}
