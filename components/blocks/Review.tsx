import { formatDay, isoDay } from '../../lib/format.ts'
import { formatScore, overallScore, REVIEW_CRITERIA } from '../../lib/review-score.ts'
import type { BrandPage } from '../../lib/schemas.ts'
import '../formats.css'
import { useLocale, useT } from '../use-t.ts'

/** A score out of 5 as text and as a bar (a class per half point: no inline style under the CSP). */
function ScoreBar({ score }: { score: number }) {
  return <span className={`score-bar s${Math.round(score * 2)}`} aria-hidden="true" />
}

/**
 * A brand's structured review (docs/formats.md, "Structured reviews"): the overall score, each
 * criterion's score as text and as a bar, pros and cons, and the verdict, by the reviewer on the day tested.
 */
export function ReviewBlock({ brand }: { brand: BrandPage }) {
  const review = brand.review
  if (!review) return null
  const overall = overallScore(review.scores)
  const t = useT()
  const tested = formatDay(review.testedAt, useLocale())
  return (
    <section className="card brand-section brand-review" aria-labelledby="review-heading" data-testid="brand-review">
      <h2 id="review-heading">{t('review.heading', { brand: brand.brandName })}</h2>
      <div className="review-overall">
        <p className="review-score">
          <strong data-testid="review-score">{formatScore(overall)}</strong>
          <span>{t('review.overall')}</span>
        </p>
        <p className="muted small">
          {t('review.testedBy', { reviewer: review.reviewer })}
          {tested && (
            <>
              {' '}
              {t('review.on')} <time dateTime={isoDay(review.testedAt)!}>{tested}</time>
            </>
          )}
        </p>
      </div>
      <dl className="review-scores">
        {REVIEW_CRITERIA.filter((c) => !review.hidden?.includes(c.key)).map((c) => (
          <div key={c.key}>
            <dt>{t(`review.${c.key}`)}</dt>
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
              <h3>{t('review.pros')}</h3>
              <ul className="pros">
                {review.pros.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ul>
            </div>
          )}
          {review.cons.length > 0 && (
            <div>
              <h3>{t('review.cons')}</h3>
              <ul className="cons">
                {review.cons.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      <h3>{t('review.verdict')}</h3>
      {review.verdict && <p className="verdict">{review.verdict}</p>}
    </section>
  )
}
