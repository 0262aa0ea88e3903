import { factRows } from '../../lib/brand-facts.ts'
import { formatDay, isoDay } from '../../lib/format.ts'
import type { BrandPage } from '../../lib/schemas.ts'
import '../formats.css'
import { useLocale, useT } from '../use-t.ts'

/**
 * A brand's key facts (docs/formats.md, "Key facts"): licences, minimum deposit, wagering,
 * withdrawal time, payment methods and launch year, each only when the brand has it, and the day they
 * were last checked.
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
        {rows.map((r) => (
          <div key={r.key} data-fact={r.key}>
            <dt>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
      {verified && (
        <p className="muted small facts-verified">
          {t('facts.checked', { brand: brand.brandName })} <time dateTime={isoDay(facts.lastVerified)!}>{verified}</time>
        </p>
      )}
    </section>
  )
}
