/** Figures as the report screens show them, with Intl (never by hand). */
const LOCALE = 'en-GB'
export const formatNumber = (n: number) => new Intl.NumberFormat(LOCALE).format(n)
export const formatPercent = (n: number) => new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1 }).format(n)
export const formatMoney = (n: number, currency: string) => new Intl.NumberFormat(LOCALE, { style: 'currency', currency }).format(n)
/** A headline's figure: in full up to 100,000, shortened beyond ("€1.2M"), so it fits its tile at any width. */
export const formatMoneyShort = (n: number, currency: string) =>
  Math.abs(n) < 100_000 ? formatMoney(n, currency) : new Intl.NumberFormat(LOCALE, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }).format(n)
export const formatNumberShort = (n: number) => (Math.abs(n) < 100_000 ? formatNumber(n) : new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 1 }).format(n))
/** Amounts in several currencies, largest first: "£150.00, $100.00". */
export const formatAmounts = (amounts: Record<string, number>) =>
  Object.entries(amounts)
    .filter(([, v]) => v !== 0)
    .sort(([a, x], [b, y]) => Math.abs(y) - Math.abs(x) || (a < b ? -1 : 1))
    .map(([c, v]) => formatMoney(v, c))
    .join(', ')
/** A change against the previous period: "+12.5 %", "−3 %". */
export const formatChange = (fraction: number) => new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(fraction)
