/** Figures as the Earnings screen shows them, with Intl (never by hand). */
const LOCALE = 'en-GB'
export const formatNumber = (n: number) => new Intl.NumberFormat(LOCALE).format(n)
export const formatPercent = (n: number) => new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1 }).format(n)
export const formatMoney = (n: number, currency: string) => new Intl.NumberFormat(LOCALE, { style: 'currency', currency }).format(n)
/** A change against the previous period: "+12.5 %", "−3 %". */
export const formatChange = (fraction: number) => new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(fraction)
