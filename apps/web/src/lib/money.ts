import { currencyDigits } from '@pv/contract';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount kept in minor units (cents, yen) shown in its currency, in the reader's language:
 * 564000 EUR → "€5,640.00", 185 JPY → "¥185". Amounts of two currencies are never added here.
 */
export function formatMoney(minor: number, currency: string, language: string): string {
  const key = `${language}|${currency}`;
  let f = formatters.get(key);
  const digits = currencyDigits(currency);
  if (!f) {
    f = new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : language, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, f);
  }
  return f.format(minor / 10 ** digits);
}
