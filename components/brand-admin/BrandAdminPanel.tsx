import { useCallback, useEffect, useRef, useState } from 'react'
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
import { ApiError } from '../api-client.ts'
import { clearUnsaved, confirmLeave } from '../admin/unsaved.ts'
import { isLive } from '../../lib/publish-status.ts'
import { brandEditHref, goBrand, useBrandEdit } from './brand-location.ts'

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

/** What the editor is told after a save (issue 32): which brand, where it can be seen, and a way back to it. */
function BrandSaved({ brand, onEditAgain }: { brand: BrandPage; onEditAgain: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // the form below has gone back to Add: the notice is where the eye goes next
    ref.current?.scrollIntoView?.({ block: 'center' })
    ref.current?.focus({ preventScroll: true })
  }, [brand])
  return (
    <div ref={ref} tabIndex={-1} className="form-success saved-notice" role="status" data-testid="brand-saved-notice">
      Saved “{brand.brandName}”.{' '}
      {isLive(brand) ? (
        <a href={`/brands/${encodeURIComponent(brand._id)}`} target="_blank" rel="noopener">
          View its page
        </a>
      ) : brand.status === 'scheduled' && brand.publishAt ? (
        `It goes live by itself on ${adminTime(brand.publishAt)}.`
      ) : (
        'It is a draft: only editors see it.'
      )}{' '}
      ·{' '}
      <a
        href={brandEditHref(brand._id)}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return // a new tab opens it there
          e.preventDefault()
          onEditAgain()
        }}
      >
        Edit it again
      </a>
    </div>
  )
}

/**
 * The 'Brand Admin Panel' (spec §2): the brand page form above the table of brand pages. The brand being
 * edited is the page's address (./brand-location.ts); after a save the form returns to Add and the list
 * reloads (spec §7), with "Saved" naming the brand (issue 32).
 */
export function BrandAdminPanel() {
  const editId = useBrandEdit()
  const [pages, setPages] = useState<BrandPage[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [editing, setEditing] = useState<BrandPage | null>(null)
  const [missing, setMissing] = useState<string | null>(null)
  const [formKey, setFormKey] = useState(0)
  const [saved, setSaved] = useState<BrandPage | null>(null)

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

  // the brand the address names: handed over by Edit, else loaded (a reload, Back, a shared link)
  useEffect(() => {
    setMissing(null)
    if (!editId) {
      setEditing(null)
      return
    }
    if (editing?._id === editId) return
    let current = true
    setEditing(null)
    brandApi
      .get(editId)
      .then((b) => current && setEditing(b))
      .catch((err) => current && setMissing(err instanceof ApiError && err.status === 404 ? `There is no brand page at “${editId}”: it may have been deleted.` : 'Failed to load pages'))
    return () => {
      current = false
    }
  }, [editId]) // eslint-disable-line react-hooks/exhaustive-deps -- `editing` is read, not followed

  /** True when nothing typed is lost, or the editor agrees to lose it. */
  const leave = () => {
    if (!confirmLeave()) return false
    clearUnsaved()
    return true
  }
  const edit = (p: BrandPage) => {
    if (p._id === editId) return window.scrollTo({ top: 0, behavior: 'smooth' }) // already open: its typed text stays
    if (!leave()) return
    setSaved(null)
    setEditing(p)
    setFormKey((k) => k + 1)
    goBrand(p._id)
    window.scrollTo({ top: 0, behavior: 'smooth' })
  }
  // after any save or delete: the list reloads and the form resets (spec §7)
  const reset = () => {
    setEditing(null)
    setFormKey((k) => k + 1)
    goBrand(null)
  }
  const done = (brand?: BrandPage) => {
    setSaved(brand ?? null)
    reset()
    void reload()
  }

  async function remove(page: BrandPage) {
    // spec §5's question, then which brand: a long table is easy to misclick
    if (!window.confirm(`Delete this brand page?\n\n“${page.brandName}” (${page._id})`)) return
    try {
      await brandApi.remove(page._id)
      setSaved(null)
      // the form returns to Add (spec §7): at once when it held the deleted brand, else once typed text may go
      if (page._id === editId) {
        clearUnsaved()
        reset()
      } else if (leave()) reset()
      void reload()
    } catch {
      setError('Failed to delete')
    }
  }

  return (
    <section className="brand-admin" aria-labelledby="brand-admin-heading">
      <h2 id="brand-admin-heading">Brand Admin Panel</h2>
      {saved && !editId && <BrandSaved brand={saved} onEditAgain={() => edit(saved)} />}
      {missing ? (
        <div className="post-form card">
          <p className="form-error" role="alert">
            {missing}
          </p>
          <button type="button" className="btn" onClick={() => goBrand(null)}>
            Add a new brand page instead
          </button>
        </div>
      ) : editId && editing?._id !== editId ? (
        <p className="post-form card muted">Loading...</p>
      ) : (
        <BrandForm
          key={`${editing?._id ?? 'new'}-${formKey}`}
          initial={toDraft(editing)}
          onDone={done}
          onCancel={() => leave() && reset()}
          onReload={(brand) => {
            setEditing(brand)
            setFormKey((k) => k + 1)
          }}
          known={{ type: [...new Set((pages ?? []).flatMap((p) => p.type))], position: [...new Set((pages ?? []).flatMap((p) => p.position))] }}
        />
      )}
      <ErrorLine text={error} />
      {pages === null && !error ? (
        <p className="empty">Loading...</p>
      ) : pages ? (
        <>
          <OffersDue pages={pages} onEdit={edit} />
          <BrandTable pages={pages} onEdit={edit} onDelete={(p) => void remove(p)} />
        </>
      ) : null}
      {/* issue 21: a programme's CSV report, previewed before anything is written */}
      {pages && <ConversionsImport brands={pages} />}
    </section>
  )
}
