import { LANGUAGES, dateOrder, type Language } from '@pv/contract';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import i18n from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
// the contract's English messages of the first screens (contract-messages.ts, a Vite plugin); the
// rest load with every console text
import messagesEnFirst from 'virtual:pv-messages/en-first';
import { BOOT_NAMESPACES, SHELL_NAMESPACES } from './message-parts';

export const LANGUAGE_COOKIE = 'language';

type Tree = { [key: string]: string | Tree };

/** 'validation.email' → { validation: { email } }: the contract's flat messages as i18next trees. */
export function nest(flat: Record<string, string>): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Tree;
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}

export function deepMerge(target: Tree, source: Tree): Tree {
  for (const [k, v] of Object.entries(source)) {
    if (typeof v === 'object' && typeof target[k] === 'object') deepMerge(target[k] as Tree, v);
    else target[k] = v;
  }
  return target;
}

// English is the fallback. The namespaces of the first screens (sign-in, 404, the boot spinner,
// page titles) ship with the console; the others, and every file of another language (with the
// contract's server messages and antd's and dayjs' locales), load on demand: a language's first
// screens before the first render, what the signed-in shell and the dashboard show with the shell
// (loadShellMessages), the rest with any other page (loadAllMessages), so /login never carries the
// console's texts and the dashboard not those of the other pages (lib/message-parts.ts).
const BOOT_FILE = new RegExp(`/(${BOOT_NAMESPACES.join('|')})\\.json$`);
const SHELL_FILE = new RegExp(`/(${SHELL_NAMESPACES.join('|')})\\.json$`);
const englishBoot = import.meta.glob<Tree>('../locales/en/{auth,common,layout,public,route}.json', {
  eager: true,
  import: 'default',
});
const lazyFiles = import.meta.glob<Tree>(
  ['../locales/*/*.json', '!../locales/en/{auth,common,layout,public,route}.json'],
  {
    import: 'default',
  },
);
const antdLocales: Record<Exclude<Language, 'en'>, () => Promise<Locale>> = {
  zh: () => import('antd/es/locale/zh_CN').then((m) => m.default),
  es: () => import('antd/es/locale/es_ES').then((m) => m.default),
  ja: () => import('antd/es/locale/ja_JP').then((m) => m.default),
};
// the contract's messages of one language (contract-messages.ts, a Vite plugin)
const contractMessages: Record<Exclude<Language, 'en'>, () => Promise<Record<string, string>>> = {
  zh: () => import('virtual:pv-messages/zh').then((m) => m.default),
  es: () => import('virtual:pv-messages/es').then((m) => m.default),
  ja: () => import('virtual:pv-messages/ja').then((m) => m.default),
};
// dayjs' month and weekday names (antd's date pickers) and week start; English is built in
const dayjsLocales: Record<Exclude<Language, 'en'>, () => Promise<unknown>> = {
  zh: () => import('dayjs/locale/zh-cn'),
  es: () => import('dayjs/locale/es'),
  ja: () => import('dayjs/locale/ja'),
};
export const DAYJS_LOCALES: Record<Language, string> = { en: 'en', zh: 'zh-cn', es: 'es', ja: 'ja' };
interface Loaded {
  /** locale files by path (a language's first screens, then all of them) */
  files: Map<string, Tree>;
  antd: Locale;
  messages: Record<string, string>;
}
const loaded: Partial<Record<Language, Loaded>> = {
  en: { files: new Map(Object.entries(englishBoot)), antd: enUS, messages: messagesEnFirst },
};

/**
 * Loads a language (once): its antd, dayjs and server-message locales and its locale files, only
 * those of the first screens with `part` 'boot', those and the shell's with 'shell'. English is
 * always there for the first screens.
 */
export async function loadLanguage(lang: Language, part: 'boot' | 'shell' | 'all' = 'all'): Promise<void> {
  const have = loaded[lang]?.files;
  const wanted = (p: string) => part === 'all' || BOOT_FILE.test(p) || (part === 'shell' && SHELL_FILE.test(p));
  const paths = Object.keys(lazyFiles).filter((p) => p.includes(`/locales/${lang}/`) && wanted(p) && !have?.has(p));
  if (have && !paths.length) return;
  const [files, rest, englishRest] = await Promise.all([
    Promise.all(paths.map(async (p) => [p, await lazyFiles[p]!()] as const)),
    lang === 'en' || loaded[lang]
      ? undefined
      : Promise.all([antdLocales[lang](), contractMessages[lang](), dayjsLocales[lang]()]),
    // English's contract messages beyond the first screens' (the others' tables are whole)
    lang === 'en' && part === 'all' ? import('virtual:pv-messages/en-rest').then((m) => m.default) : undefined,
  ]);
  const entry = (loaded[lang] ??= { files: new Map(), antd: rest![0], messages: rest![1] });
  if (englishRest) entry.messages = { ...entry.messages, ...englishRest };
  for (const [p, content] of files) entry.files.set(p, content);
  if (i18n.isInitialized) i18n.addResourceBundle(lang, 'translation', resourcesFor(lang), true, true);
}

const loading = new Map<'shell' | 'all', Promise<void>>();
function loadMessages(part: 'shell' | 'all'): Promise<void> {
  let done = loading.get(part);
  if (!done) {
    const lang = (i18n.language as Language | undefined) ?? 'en';
    done = Promise.all([loadLanguage('en', part), lang !== 'en' && loadLanguage(lang, part)]).then(() => undefined);
    // a failed load (the network) is tried again by the next caller
    done.catch(() => loading.delete(part));
    loading.set(part, done);
  }
  return done;
}

/** What the signed-in shell and the dashboard show, in English and the language in use (before the shell renders). */
export const loadShellMessages = (): Promise<void> => loadMessages('shell');

/**
 * Every console text of English and of the language in use (before any page but the dashboard, a
 * public page or a part of the shell beyond its first screen renders); one promise, so React's `use`
 * can wait for it.
 */
export const loadAllMessages = (): Promise<void> => loadMessages('all');

/** Every locale file of a (loaded) language deep-merged, plus the contract's messages. */
export function resourcesFor(lang: Language): Tree {
  const tree: Tree = {};
  const messages = loaded[lang]?.messages;
  if (messages) deepMerge(tree, nest(messages));
  for (const content of loaded[lang]?.files.values() ?? []) deepMerge(tree, structuredClone(content));
  return tree;
}

/** Spec §1: the stored setting first, then the first supported code contained in the browser language, else en. */
export function detectLanguage(stored: string | undefined, browser: string | undefined): Language {
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  const nav = (browser ?? '').toLowerCase();
  for (const code of LANGUAGES) if (nav.includes(code)) return code;
  return 'en';
}

export function getLanguage(): Language {
  return detectLanguage(
    Cookies.get(LANGUAGE_COOKIE),
    typeof navigator === 'undefined' ? undefined : navigator.language,
  );
}

/** Stores the choice and reloads the page into it (spec §1). */
export function setLanguage(lang: Language) {
  Cookies.set(LANGUAGE_COOKIE, lang, { expires: 365 });
  window.location.reload();
}

const pickerLocales = new Map<Locale, Locale>();

/**
 * antd's locale of a loaded language (English until it is loaded), its date pickers writing and
 * reading dates in the language's order (the contract's DATE_ORDERS: 22/11/2026 in es) unless a
 * picker sets its own `format`. Pickers hand the API Dayjs values; the API gets ISO text from them.
 */
export function antdLocale(lang: Language): Locale {
  const base = loaded[lang]?.antd ?? enUS;
  let locale = pickerLocales.get(base);
  if (!locale) {
    const order = dateOrder(base === enUS ? 'en' : lang);
    const picker = base.DatePicker;
    locale = picker
      ? {
          ...base,
          DatePicker: {
            ...picker,
            lang: {
              ...picker.lang,
              fieldDateFormat: order.date,
              fieldDateTimeFormat: `${order.date} HH:mm:ss`,
              fieldMonthFormat: order.month,
            },
          },
        }
      : base;
    pickerLocales.set(base, locale);
  }
  return locale;
}

export function initI18n(lang: Language = getLanguage()) {
  if (i18n.isInitialized) return i18n;
  void i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    // the languages loaded so far (English and, after loadLanguage, the one in use)
    resources: Object.fromEntries(LANGUAGES.filter((l) => loaded[l]).map((l) => [l, { translation: resourcesFor(l) }])),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : lang;
  dayjs.locale(DAYJS_LOCALES[lang]);
  return i18n;
}

export default i18n;
