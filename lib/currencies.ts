/**
 * ISO 4217 currency codes a payout may be in: the currencies of List One in circulation in 2026.
 *
 * Kept as data, not `Intl.supportedValuesOf('currency')`: under Bun that gives 307 codes, historic ones
 * (DEM, FRF, ADP), non-ISO ones (CNH) and XXX (no currency) among them, while Node gives 162 with VED
 * missing. Left out on purpose: fund codes (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW), precious
 * metals (XAG, XAU, XPD, XPT), bond-market units (XBA–XBD), XDR, XSU, XUA, XTS (testing) and XXX:
 * nobody is paid a commission in them. Withdrawn: ANG (XCG since 2025), ZWL (ZWG since 2024), SLL (SLE),
 * HRK (EUR since 2023), BGN (EUR since 2026), CUC (2021). Amend this list when ISO publishes a change.
 */
export const CURRENCY_CODES = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BHD', 'BIF', 'BMD', 'BND',
  'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CUP', 'CVE',
  'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP', 'GMD',
  'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IQD', 'IRR', 'ISK', 'JMD', 'JOD', 'JPY',
  'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD',
  'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO',
  'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB', 'RWF',
  'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL', 'THB',
  'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'USD', 'UYU', 'UZS', 'VED', 'VES', 'VND',
  'VUV', 'WST', 'XAF', 'XCD', 'XCG', 'XOF', 'XPF', 'YER', 'ZAR', 'ZMW', 'ZWG',
] as const
export type CurrencyCode = (typeof CURRENCY_CODES)[number]

const known = new Set<string>(CURRENCY_CODES)

/** Whether `code` (already upper-case) is a currency a payout may be in. */
export const isCurrencyCode = (code: string): code is CurrencyCode => known.has(code)
