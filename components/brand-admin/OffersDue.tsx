import { DUE_DAYS, offersDue, STALE_FACTS_DAYS } from '../../lib/offer-lifecycle.ts'
import type { BrandPage } from '../../lib/schemas.ts'

/**
 * "Offers to check" above the brand table (issue 22): offers ending within a week, offers that have
 * ended, and facts nobody has checked for 90 days, each with its Edit button. The same list as
 * GET /api/brands/offers-due and `bun run cli -- offers due` (lib/offer-lifecycle.ts).
 */
export function OffersDue({ pages, onEdit, now = new Date() }: { pages: BrandPage[]; onEdit: (p: BrandPage) => void; now?: Date }) {
  const due = offersDue(pages, now, DUE_DAYS.default)
  const byId = new Map(pages.map((p) => [p._id, p]))
  const edit = (id: string, name: string) => (
    <button type="button" className="btn btn-small" onClick={() => onEdit(byId.get(id)!)} aria-label={`Edit ${name}`}>
      Edit
    </button>
  )
  const count = due.ending.length + due.ended.length + due.stale.length
  return (
    <section className="offers-due card" aria-labelledby="offers-due-heading" data-testid="offers-due">
      <h3 id="offers-due-heading">Offers to check{count ? ` (${count})` : ''}</h3>
      {!count && <p className="muted">Nothing due: no offer ends within {DUE_DAYS.default} days, and every brand's facts were checked in the last {STALE_FACTS_DAYS} days.</p>}
      {due.ending.length > 0 && (
        <>
          <h4>Ending within {DUE_DAYS.default} days</h4>
          <ul>
            {due.ending.map((o) => (
              <li key={o._id}>
                <span>
                  <strong>{o.brandName}</strong> — {o.daysLeft === 0 ? 'ends today' : `ends in ${o.daysLeft} day${o.daysLeft === 1 ? '' : 's'}`} ({o.validUntil.slice(0, 10)})
                </span>
                {edit(o._id, o.brandName)}
              </li>
            ))}
          </ul>
        </>
      )}
      {due.ended.length > 0 && (
        <>
          <h4>Ended</h4>
          <p className="muted small">Listed nowhere; their pages say the offer has ended. Renew the dates or unpublish the page.</p>
          <ul>
            {due.ended.map((o) => (
              <li key={o._id}>
                <span>
                  <strong>{o.brandName}</strong> — ended {o.validUntil.slice(0, 10)}
                </span>
                {edit(o._id, o.brandName)}
              </li>
            ))}
          </ul>
        </>
      )}
      {due.stale.length > 0 && (
        <>
          <h4>Facts to check</h4>
          <ul>
            {due.stale.map((o) => (
              <li key={o._id}>
                <span>
                  <strong>{o.brandName}</strong> — {o.lastVerified ? `last checked ${o.lastVerified} (${o.daysSince} days ago)` : 'never checked'}
                </span>
                {edit(o._id, o.brandName)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
