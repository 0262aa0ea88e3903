import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { BrandPage, PromoTable } from '../../lib/schemas.ts'
import { saveFailure } from '../api-client.ts'
import { changedByOthers, useEditConflict } from '../admin/ConflictNotice.tsx'
import { editorKeys, useSaveShortcut } from '../admin/form-keys.ts'
import { FailureBesideButtons, FormError, type FormFailure } from '../FormError.tsx'
import { PublishingFields } from '../admin/PublishingFields.tsx'
import { RevisionsPanel } from '../admin/RevisionsPanel.tsx'
import { brandApi } from './api.ts'
import { BrandSectionEditor } from './BrandSectionEditor.tsx'
import { CampaignFields } from './CampaignFields.tsx'
import { type BrandDraft, draftSnapshot, emptySection, keepable, toDraft, toFormData } from './draft.ts'
import { keepLocally, keptLocally, useLeaveGuard } from '../admin/unsaved.ts'
import { RestoreOffer } from '../admin/RestoreOffer.tsx'
import { tabLabel } from '../BrandOffers.tsx'
import { emptyTable, PickTags, PromoTableEditor, RowsEditor } from './editors.tsx'
import { GeoEditor } from './GeoEditor.tsx'
import { ImageField } from './ImageField.tsx'
import { TermsFields } from './TermsFields.tsx'
import { OfferCurrencyFields } from './OfferCurrencyFields.tsx'
import { FactsFields, OfferWindowFields, ReviewFields } from './FormatsFields.tsx'

/**
 * Add or edit a brand page (spec §2, "Brand admin"): its fields, publishing (draft, scheduled,
 * published) and, once saved, its revisions. Conversions live in draft.ts; each part in its own component.
 */
/** The spec's examples of type and position tags (§2), offered before any brand uses them. */
const EXAMPLE_TYPES = ['typePopular', 'typeNew']
const EXAMPLE_POSITIONS = ['PositionPopular', 'PositionTopCarousel']
const describeType = (v: string) => tabLabel(v)
const describePosition = (v: string) => v.replace(/^Position/, '').replace(/([a-z])([A-Z])/g, '$1 $2') || v

/** The fields an edit conflict names (the form's own labels). */
const CONFLICT_LABELS: Partial<Record<keyof BrandDraft, string>> = {
  brandName: 'Brand Name', rating: 'Rating', type: 'Type tags', position: 'Position tags', tagline: 'Tagline', offerHighlight: 'Offer Highlight', bonusOffer: 'Bonus Offer',
  bonusCondition: 'Bonus Condition', termsSummary: 'Significant terms', termsUrl: 'Full terms link', customParams: 'Custom Parameters', kind: 'Campaign Type', goal: 'Goal',
  bannerAlt: 'Alt text for the banner', dealBox: 'Deal Box', promoTable: 'Promo Table', promoTables: 'Extra promo tables', timelines: 'Timelines', highlights: 'Highlights',
  sections: 'Sections', geo: 'Where it is shown', publishing: 'Publishing', facts: 'Key facts', review: 'Review', validFrom: 'Offer starts', validUntil: 'Offer ends',
  offerCurrency: 'Offer currency', marketOffers: 'Offers per market',
}
/** Image slots compare by what they show, not by their draft state. */
const comparable = (d: BrandDraft) => ({ ...d, logo: d.logo.loadedUrl, bannerImage: d.bannerImage.loadedUrl })

export function BrandForm({ initial, onDone, onCancel, onReload, known = { type: [], position: [] } }: {
  initial: BrandDraft
  /** after a save, with the brand as saved */
  onDone: (saved?: BrandPage) => void
  /** an edit conflict's "Load their version": the brand as another editor saved it */
  onReload?: (brand: BrandPage) => void
  onCancel: () => void
  /** the type and position tags brands use now: the pick lists */
  known?: { type: string[]; position: string[] }
}) {
  const [d, setD] = useState<BrandDraft>(initial)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<FormFailure | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const editing = Boolean(d._id)
  const wasLive = editing && initial.publishing.status === 'published'
  const set = (patch: Partial<BrandDraft>) => setD((x) => ({ ...x, ...patch }))

  // issue 32, as the post editor: unsaved changes are asked about before they are left, and kept in this browser
  const dirty = draftSnapshot(d) !== draftSnapshot(initial)
  const localKey = `brand:${initial._id ?? 'new'}`
  const [offer, setOffer] = useState<{ at: number; value: BrandDraft } | null>(() => {
    const kept = keptLocally<BrandDraft>(localKey)
    return kept && draftSnapshot({ ...initial, ...kept.value }) !== draftSnapshot(initial) ? kept : null
  })
  useLeaveGuard(dirty ? (d.brandName.trim() ? `“${d.brandName.trim()}”` : 'the new brand page') : null)
  useEffect(() => {
    if (offer) return // not while a restore is offered: the kept text would be overwritten by the untouched form
    const t = setTimeout(() => keepLocally(localKey, dirty ? keepable(d) : null), 400)
    return () => clearTimeout(t)
  }, [d, dirty, localKey, offer])

  const conflict = useEditConflict({
    load: () => brandApi.get(d._id!),
    changes: (theirs) => changedByOthers(comparable(initial), comparable(toDraft(theirs)), comparable(d), CONFLICT_LABELS as Record<string, string>),
    reload: (theirs) => {
      keepLocally(localKey, keepable(d)) // this form's text, offered back once theirs is loaded
      onReload?.(theirs)
    },
    overwrite: (version) => void save({ version }),
    versionOf: (theirs) => theirs.updatedAt,
  })

  /** Saves the form; `version`: the stored version it is based on (theirs after "Save mine over theirs"); `status` overrides the Publishing box. */
  async function save(opts: { version?: string; status?: BrandDraft['publishing']['status'] } = {}) {
    setBusy(true)
    setError(null)
    try {
      const toSave = opts.status ? { ...d, publishing: { ...d.publishing, status: opts.status } } : d
      const saved = await brandApi.save(d._id, toFormData(toSave), opts.version ?? d.version)
      keepLocally(localKey, null)
      conflict.clear()
      onDone(saved)
    } catch (err) {
      if (!(d._id && conflict.caught(err))) setError(saveFailure('Failed to save page', err))
    } finally {
      setBusy(false)
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    void save()
  }

  /** Ctrl/Cmd+S: saves without putting a brand live that is not live yet (a new or draft brand stays a draft). */
  function quickSave() {
    if (busy) return
    if (!formRef.current?.reportValidity()) return
    void save(d.publishing.status === 'published' && !wasLive ? { status: 'draft' } : {})
  }
  useSaveShortcut(quickSave) // from anywhere on the page, not only a field of the form

  return (
    <>
      <form ref={formRef} className="post-form card brand-form" onSubmit={submit} onKeyDown={(e) => editorKeys(e, quickSave)} aria-label={editing ? 'Edit Brand Page' : 'Add New Brand Page'}>
        <h2>{editing ? 'Edit Brand Page' : 'Add New Brand Page'}</h2>
        {offer && (
          <RestoreOffer
            at={offer.at}
            onRestore={() => {
              // the text as typed, over the brand as loaded now (as the post editor restores); a chosen file was not kept
              const image = (loaded: BrandDraft['logo'], kept: BrandDraft['logo']) => ({ ...loaded, link: kept.link, removed: kept.removed })
              setD({ ...offer.value, _id: initial._id, version: initial.version, loadedWindow: initial.loadedWindow, logo: image(initial.logo, offer.value.logo), bannerImage: image(initial.bannerImage, offer.value.bannerImage) })
              setOffer(null)
            }}
            onDiscard={() => {
              keepLocally(localKey, null)
              setOffer(null)
            }}
          />
        )}
        <FormError error={error} formRef={formRef} />
        <div className="grid-2">
          <label>
            Brand Name
            <input name="brandName" required value={d.brandName} onChange={(e) => set({ brandName: e.target.value })} />
          </label>
          <label>
            Rating
            <input name="rating" type="number" min={0} max={5} step={0.1} value={d.rating} onChange={(e) => set({ rating: e.target.value })} />
          </label>
        </div>
        <div className="grid-2">
          <PickTags legend="Type tags" addLabel="Add a new type tag" placeholder="e.g. typePopular, typeNew" known={[...new Set([...EXAMPLE_TYPES, ...known.type])].sort()} describe={describeType} value={d.type} onChange={(type) => set({ type })} />
          <PickTags legend="Position tags" addLabel="Add a new position tag" placeholder="e.g. PositionPopular, PositionTopCarousel" known={[...new Set([...EXAMPLE_POSITIONS, ...known.position])].sort()} describe={describePosition} value={d.position} onChange={(position) => set({ position })} />
        </div>
        <GeoEditor value={d.geo} onChange={(geo) => set({ geo })} />
        <label>
          Tagline
          <textarea name="tagline" rows={3} value={d.tagline} onChange={(e) => set({ tagline: e.target.value })} />
        </label>
        <div className="grid-2">
          <label>
            Offer Highlight
            <input name="offerHighlight" value={d.offerHighlight} onChange={(e) => set({ offerHighlight: e.target.value })} />
          </label>
          <label>
            Bonus Offer
            <input name="bonusOffer" value={d.bonusOffer} onChange={(e) => set({ bonusOffer: e.target.value })} />
          </label>
        </div>
        <label>
          Bonus Condition
          <input name="bonusCondition" value={d.bonusCondition} onChange={(e) => set({ bonusCondition: e.target.value })} />
        </label>
        <TermsFields draft={d} onChange={set} />
        <OfferCurrencyFields draft={d} onChange={set} error={error} />
        <OfferWindowFields validFrom={d.validFrom} validUntil={d.validUntil} onChange={set} error={error} />
        <FactsFields value={d.facts} onChange={(facts) => set({ facts })} error={error} />
        <ReviewFields value={d.review} onChange={(review) => set({ review })} error={error} brandName={d.brandName} />

        <fieldset>
          <legend>Enable/Disable Parameters</legend>
          {(
            [
              ['enableClickId', 'Enable Click ID'],
              ['enableGaid', 'Enable GAID'],
              ['enableUserAgent', 'Enable User Agent'],
              ['enableCustomParams', 'Enable Custom Parameters'],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="check">
              <input type="checkbox" checked={d[key]} onChange={(e) => set({ [key]: e.target.checked })} /> {label}
            </label>
          ))}
        </fieldset>
        <RowsEditor
          legend="Custom Parameters"
          fields={[
            { key: 'key', label: 'Key' },
            { key: 'value', label: 'Value' },
          ]}
          rows={d.customParams}
          addLabel="+ Add Custom Parameter"
          onChange={(customParams) => set({ customParams })}
        />

        <div className="grid-2">
          <ImageField label="Logo" value={d.logo} onChange={(logo) => set({ logo })} />
          <ImageField label="Banner" value={d.bannerImage} onChange={(bannerImage) => set({ bannerImage })} />
          <label>
            Alt text for the banner
            <input name="bannerAlt" maxLength={250} placeholder="What the banner shows" value={d.bannerAlt} onChange={(e) => set({ bannerAlt: e.target.value })} />
          </label>
        </div>

        <CampaignFields d={d} set={set} />

        <fieldset className="grid-2">
          <legend>Deal Box</legend>
          {(
            [
              ['countdownText', 'Countdown text'],
              ['mainText', 'Main text'],
              ['subText', 'Sub text'],
              ['linkText', 'Link text'],
              ['linkUrl', 'Link URL'],
              ['ctaLabel', 'Button label'],
              ['ctaUrl', 'Button URL'],
            ] as const
          ).map(([key, label]) => (
            <label key={key}>
              {label}
              <input value={d.dealBox[key]} aria-describedby={key === 'countdownText' ? 'countdown-help' : undefined} onChange={(e) => set({ dealBox: { ...d.dealBox, [key]: e.target.value } })} />
              {key === 'countdownText' && (
                <small id="countdown-help" className="muted small">
                  Readers see a deadline only from the offer's end date (Offer dates → Valid until), as “Offer ends” and that day; this text is kept but not shown, so no page promises a deadline the offer does not have.
                </small>
              )}
            </label>
          ))}
        </fieldset>

        <PromoTableEditor legend="Promo Table" table={d.promoTable} onChange={(promoTable) => set({ promoTable })} />
        {d.promoTables.map((t, i) => (
          <div key={i} className="rows">
            <PromoTableEditor legend={`Extra promo table ${i + 1}`} table={t} onChange={(next: PromoTable) => set({ promoTables: d.promoTables.map((x, k) => (k === i ? next : x)) })} />
            <button type="button" className="btn" onClick={() => set({ promoTables: d.promoTables.filter((_, k) => k !== i) })}>
              Remove extra table
            </button>
          </div>
        ))}
        <button type="button" className="btn" onClick={() => set({ promoTables: [...d.promoTables, emptyTable()] })}>
          + Add extra promo table
        </button>

        <RowsEditor
          legend="Timelines"
          fields={[
            { key: 'label', label: 'Label' },
            { key: 'value', label: 'Value' },
            { key: 'unit', label: 'Unit' },
          ]}
          rows={d.timelines}
          addLabel="+ Add timeline"
          onChange={(timelines) => set({ timelines })}
        />
        <RowsEditor
          legend="Highlights"
          fields={[
            { key: 'title', label: 'Title' },
            { key: 'value', label: 'Value' },
          ]}
          rows={d.highlights}
          addLabel="+ Add highlight"
          onChange={(highlights) => set({ highlights })}
        />

        <fieldset>
          <legend>Sections</legend>
          {d.sections.map((s, i) => (
            <BrandSectionEditor
              key={i}
              section={s}
              onChange={(next) => set({ sections: d.sections.map((x, k) => (k === i ? next : x)) })}
              onRemove={() => set({ sections: d.sections.filter((_, k) => k !== i) })}
            />
          ))}
          <button type="button" className="btn" onClick={() => set({ sections: [...d.sections, emptySection('text')] })}>
            + Add section
          </button>
        </fieldset>

        <PublishingFields
          value={d.publishing}
          onChange={(publishing) => set({ publishing })}
          item={d._id ? { kind: 'brand', id: d._id } : undefined}
          isNew={!editing}
          button={editing ? 'Update' : 'Add'}
          wasLive={wasLive}
        />
        {conflict.notice(busy)}
        <div className="actions form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {editing ? 'Update' : 'Add'}
          </button>
          {editing && (
            <button type="button" className="btn" onClick={onCancel}>
              Cancel
            </button>
          )}
          <FailureBesideButtons error={error} />
        </div>
      </form>
      {d._id && <RevisionsPanel<BrandPage> kind="brand" id={d._id} onRestored={(brand) => setD(toDraft(brand))} />}
    </>
  )
}
