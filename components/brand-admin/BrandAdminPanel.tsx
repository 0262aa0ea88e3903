import { useCallback, useEffect, useState } from 'react'
import { StatusBadge } from '../admin/StatusBadge.tsx'
import { orDash, promoSummary } from '../../lib/brand-form.ts'
import { adminTime } from '../../lib/format.ts'
import type { BrandPage } from '../../lib/schemas.ts'
import { brandApi } from './api.ts'
import { ConversionsImport } from '../earnings/ConversionsImport.tsx'
import { BrandForm } from './BrandForm.tsx'
import { OffersDue } from './OffersDue.tsx'
import { toDraft } from './draft.ts'
import { ErrorLine } from '../Messages.tsx'

type LinkCheckView = { ok: boolean; error: string | null; hostChanged: boolean; finalUrl: string | null; checkedAt: string }

/** The last `links check` outcome for a brand's CTA (issue 7). */
function LinkBadge({ check }: { check?: LinkCheckView | null }) {
  if (!check) return null
  const when = adminTime(check.checkedAt)
  const [cls, text] = !check.ok ? ['bad', `Dead link: ${check.error}`] : check.hostChanged ? ['warn', `Lands on ${new URL(check.finalUrl!).host}`] : ['good', 'Link OK']
  return (
    <span className={`link-badge ${cls}`} title={`Checked ${when}`} data-testid="link-badge">
      {text}
    </span>
  )
}

export function BrandTable({ pages, onEdit, onDelete }: { pages: BrandPage[]; onEdit: (p: BrandPage) => void; onDelete: (p: BrandPage) => void }) {
  if (pages.length === 0) return <p className="empty">No brand pages found.</p>
  return (
    <div className="table-scroll">
      <table className="admin-table">
        <thead>
          <tr>
            {['Logo', 'Brand', 'Rating', 'Type', 'Position(s)', 'Campaign Type', 'Offer Highlight', 'Promo Table', 'Actions'].map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pages.map((p) => (
            <tr key={p._id} data-testid="brand-row">
              <td>{p.logo ? <img src={p.logo.cdnUrl} alt={`${p.brandName} logo`} width={40} height={40} /> : '-'}</td>
              <td>
                <a href={`/brands/${encodeURIComponent(p._id)}`} target="_blank" rel="noopener">
                  {p.brandName}
                </a>
                <StatusBadge item={p} />
                <LinkBadge check={(p as BrandPage & { linkCheck?: LinkCheckView | null }).linkCheck} />
              </td>
              <td>{orDash(p.rating)}</td>
              <td>{orDash(p.type)}</td>
              <td>{orDash(p.position)}</td>
              <td>{orDash(p.campaignType)}</td>
              <td>{orDash(p.offerHighlight)}</td>
              <td data-testid="promo-cell">{promoSummary(p.promoTable)}</td>
              <td>
                <div className="actions">
                  <button type="button" className="btn" onClick={() => onEdit(p)}>
                    Edit
                  </button>
                  <button type="button" className="btn" onClick={() => onDelete(p)}>
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The 'Brand Admin Panel' (spec §2): the brand page form above the table of brand pages. */
export function BrandAdminPanel() {
  const [pages, setPages] = useState<BrandPage[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [editing, setEditing] = useState<BrandPage | null>(null)
  const [formKey, setFormKey] = useState(0)

  const reload = useCallback(async () => {
    try {
      setPages((await brandApi.list()).pages)
      setError(null)
    } catch {
      setError('Failed to load pages')
    }
  }, [])
  useEffect(() => {
    void reload()
  }, [reload])

  // after any save or delete: the list reloads and the form resets (spec §7)
  const reset = () => {
    setEditing(null)
    setFormKey((k) => k + 1)
  }
  const done = () => {
    reset()
    void reload()
  }

  async function remove(page: BrandPage) {
    // spec §5's question, then which brand: a long table is easy to misclick
    if (!window.confirm(`Delete this brand page?\n\n“${page.brandName}” (${page._id})`)) return
    try {
      await brandApi.remove(page._id)
      done()
    } catch {
      setError('Failed to delete')
    }
  }

  return (
    <section className="brand-admin" aria-labelledby="brand-admin-heading">
      <h2 id="brand-admin-heading">Brand Admin Panel</h2>
      <BrandForm
        key={`${editing?._id ?? 'new'}-${formKey}`}
        initial={toDraft(editing)}
        onDone={done}
        onCancel={reset}
        onReload={(brand) => {
          setEditing(brand)
          setFormKey((k) => k + 1)
        }}
        known={{ type: [...new Set((pages ?? []).flatMap((p) => p.type))], position: [...new Set((pages ?? []).flatMap((p) => p.position))] }}
      />
      <ErrorLine text={error} />
      {pages === null && !error ? (
        <p className="empty">Loading...</p>
      ) : pages ? (
        <>
        <OffersDue
          pages={pages}
          onEdit={(p) => {
            setEditing(p)
            window.scrollTo({ top: 0, behavior: 'smooth' })
          }}
        />
        <BrandTable
          pages={pages}
          onEdit={(p) => {
            setEditing(p)
            window.scrollTo({ top: 0, behavior: 'smooth' })
          }}
          onDelete={(p) => void remove(p)}
        />
        </>
      ) : null}
      {/* issue 21: a programme's CSV report, previewed before anything is written */}
      {pages && <ConversionsImport brands={pages} />}
    </section>
  )
}
