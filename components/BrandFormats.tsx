import { factRows } from '../lib/brand-facts.ts'
import { formatDay, isoDay } from '../lib/format.ts'
import { formatScore, overallScore, REVIEW_CRITERIA } from '../lib/review-score.ts'
import type { BrandOffer, BrandPage } from '../lib/schemas.ts'
import './formats.css'
import { AlternativeOffers } from './GeoUnavailable.tsx'

/**
 * A brand page's formats of issue 22: its key facts, its structured review, and what stands in for
 * the offer before it starts or after it ends. Each shows only what the brand has.
 */

export function KeyFacts({ brand }: { brand: BrandPage }) {
  const facts = brand.facts ?? {}
  const rows = factRows(facts)
  if (!rows.length) return null
  const verified = formatDay(facts.lastVerified)
  return (
    <section className="card brand-section key-facts" aria-labelledby="key-facts-heading" data-testid="key-facts">
      <h2 id="key-facts-heading">Key facts</h2>
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
          Checked against {brand.brandName}'s site on <time dateTime={isoDay(facts.lastVerified)!}>{verified}</time>
        </p>
      )}
    </section>
  )
}

/** A score out of 5 as text and as a bar (a class per half point: no inline style under the CSP). */
function ScoreBar({ score }: { score: number }) {
  return <span className={`score-bar s${Math.round(score * 2)}`} aria-hidden="true" />
}

export function ReviewBlock({ brand }: { brand: BrandPage }) {
  const review = brand.review
  if (!review) return null
  const overall = overallScore(review.scores)
  const tested = formatDay(review.testedAt)
  return (
    <section className="card brand-section brand-review" aria-labelledby="review-heading" data-testid="brand-review">
      <h2 id="review-heading">{`Our ${brand.brandName} review`}</h2>
      <div className="review-overall">
        <p className="review-score">
          <strong data-testid="review-score">{formatScore(overall)}</strong>
          <span>/ 5 overall</span>
        </p>
        <p className="muted small">
          Tested by {review.reviewer}
          {tested && (
            <>
              {' '}
              on <time dateTime={isoDay(review.testedAt)!}>{tested}</time>
            </>
          )}
        </p>
      </div>
      <dl className="review-scores">
        {REVIEW_CRITERIA.map((c) => (
          <div key={c.key}>
            <dt>{c.label}</dt>
            <dd>
              <ScoreBar score={review.scores[c.key]} />
              <span>{formatScore(review.scores[c.key])}</span>
            </dd>
          </div>
        ))}
      </dl>
      {(review.pros.length > 0 || review.cons.length > 0) && (
        <div className="pros-cons">
          {review.pros.length > 0 && (
            <div>
              <h3>Pros</h3>
              <ul className="pros">
                {review.pros.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ul>
            </div>
          )}
          {review.cons.length > 0 && (
            <div>
              <h3>Cons</h3>
              <ul className="cons">
                {review.cons.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      <h3>Verdict</h3>
      <p className="verdict">{review.verdict}</p>
    </section>
  )
}

/**
 * In place of the offer when it is not running (issue 22): it has ended, or starts on a day; with up to
 * five offers available in the visitor's country instead.
 */
export function OfferNotRunning({ brand, state, alternatives }: { brand: BrandPage; state: 'upcoming' | 'ended'; alternatives: BrandOffer[] }) {
  const starts = formatDay(brand.validFrom)
  return (
    <div className="card offer-ended" role="status" data-testid="offer-ended">
      <p className="offer-ended-title">
        <strong>{state === 'ended' ? `This ${brand.brandName} offer has ended` : `This ${brand.brandName} offer starts on ${starts}`}</strong>
      </p>
      <AlternativeOffers intro="Offers available to you now:" alternatives={alternatives} />
    </div>
  )
}
