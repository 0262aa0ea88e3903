import type { BrandOffer } from '../lib/schemas.ts'
import './geo.css'

/**
 * In place of a brand's call-to-action when it may not be shown in the visitor's country (compliance:
 * an operator only where it holds a licence): says so, and offers the brands available there.
 */
export function GeoUnavailable({ brandName, alternatives }: { brandName: string; alternatives: BrandOffer[] }) {
  return (
    <div className="card geo-unavailable" role="status" data-testid="geo-unavailable">
      <p className="geo-unavailable-title">
        <strong>{`${brandName} is not available in your country`}</strong>
      </p>
      {alternatives.length > 0 ? (
        <>
          <p className="muted small">Brands available where you are:</p>
          <ul className="geo-alternatives">
            {alternatives.map((o) => (
              <li key={o._id}>
                <a href={`/brands/${encodeURIComponent(o._id)}`}>{o.brandName}</a>
                {o.offerHighlight && <span className="muted small"> · {o.offerHighlight}</span>}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted small">
          <a href="/">See the offers available to you</a>
        </p>
      )}
    </div>
  )
}
