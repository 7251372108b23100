import { i18n } from '../../i18n/i18n.ts';

/**
 * Prices as people read them, in the language shown: an amount in the currency's smallest
 * unit, e.g. 14900 gbp → £149.00 (English is written as in Britain).
 */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  const locale = i18n.locale === 'en' ? 'en-GB' : i18n.locale;
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${(amount / 100).toFixed(2)} ${code}`;
  }
}
