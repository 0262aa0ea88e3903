import { factRows } from '../../lib/brand-facts.ts'
import { formatDay, isoDay } from '../../lib/format.ts'
import type { BrandPage } from '../../lib/schemas.ts'
import { otherCurrency } from '../../lib/offer-money.ts'
import '../formats.css'
import { useLocale, useT } from '../use-t.ts'

/**
 * A brand's key facts (docs/formats.md, "Key facts"): licences, minimum deposit, wagering,
 * withdrawal time, payment methods and launch year, each only when the brand has it, and the day they
 * were last checked. The minimum deposit is in its own currency: marked, and labelled with its code where
 * that is not the market's ("£20 (GBP)" in a EUR market, issue 34).
 */
export function KeyFacts({ brand }: { brand: BrandPage }) {
  const facts = brand.facts ?? {}
  const t = useT()
  const locale = useLocale()
  const rows = factRows(facts, t, locale)
  if (!rows.length) return null
  const verified = formatDay(facts.lastVerified, locale)
  return (
    <section className="card brand-section key-facts" aria-labelledby="key-facts-heading" data-testid="key-facts">
      <h2 id="key-facts-heading">{t('facts.heading')}</h2>
      <dl className="facts-list">
        {rows.map((r) => {
          const currency = r.key === 'minDeposit' ? facts.minDeposit?.currency : undefined
          const foreign = otherCurrency(currency, brand.marketCurrency)
          return (
            <div key={r.key} data-fact={r.key}>
              <dt>{r.label}</dt>
              <dd {...(currency ? { 'data-offer-currency': currency } : {})}>{foreign ? `${r.value} (${foreign})` : r.value}</dd>
            </div>
          )
        })}
      </dl>
      {verified && (
        <p className="muted small facts-verified">
          {t('facts.checked', { brand: brand.brandName })} <time dateTime={isoDay(facts.lastVerified)!}>{verified}</time>
        </p>
      )}
    </section>
  )
}
