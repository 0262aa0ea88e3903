import { formatMoney as money, formatNumber as number, formatPercent as percent, SITE_LOCALE } from '../../lib/format.ts'

/** Figures as the report screens show them: lib/format.ts's report style, plus the shortened headline forms. */
export const formatNumber = (n: number) => number(n)
export const formatPercent = (n: number) => percent(n)
export const formatMoney = (n: number, currency: string) => money(n, currency, { style: 'report' })
/** A headline's figure: in full up to 100,000, shortened beyond ("€1.2M"), so it fits its tile at any width. */
export const formatMoneyShort = (n: number, currency: string) =>
  Math.abs(n) < 100_000 ? formatMoney(n, currency) : new Intl.NumberFormat(SITE_LOCALE, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }).format(n)
export const formatNumberShort = (n: number) => (Math.abs(n) < 100_000 ? formatNumber(n) : number(n, { notation: 'compact', maximumFractionDigits: 1 }))
/** Amounts in several currencies, largest first, each with its symbol: "£150.00, $100.00". */
export const formatAmounts = (amounts: Record<string, number>) =>
  Object.entries(amounts)
    .filter(([, v]) => v !== 0)
    .sort(([a, x], [b, y]) => Math.abs(y) - Math.abs(x) || (a < b ? -1 : 1))
    .map(([c, v]) => formatMoney(v, c))
    .join(', ')
/** A change against the previous period: "+12.5%", "-3%". */
export const formatChange = (fraction: number) => percent(fraction, { signed: true })
