import { useCallback, useEffect, useRef, useState } from 'react'
import { type Market, type MarketPreset, marketPrefix } from '../../lib/markets.ts'
import { ApiError } from '../api-client.ts'
import { type FormFailure, issueAt } from '../FormError.tsx'
import { changedByOthers, useVersionedSave } from './ConflictNotice.tsx'
import { editorForm } from './form-keys.ts'
import { marketsApi } from './markets-api.ts'

/** What the form edits: lists as comma-separated text, the rest as the API takes it. */
type Draft = {
  /** the stored version the form was loaded from (If-Match on save) */
  version?: string
  key: string
  name: string
  countries: string
  language: string
  currency: string
  minimumAge: string
  helpCountry: string
  legalPages: string
  listsSharedArticles: boolean
  showBonuses: boolean
  noBonusText: string
  licensedBy: string
  saferGamblingLine: string
  requireTerms: boolean
}

const list = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean)
const draftOf = (m: Omit<Market, 'createdAt' | 'updatedAt'> & { updatedAt?: string }): Draft => ({
  version: m.updatedAt,
  key: m.key,
  name: m.name,
  countries: m.countries.join(', '),
  language: m.language,
  currency: m.currency,
  minimumAge: String(m.minimumAge),
  helpCountry: m.helpCountry,
  legalPages: m.legalPages.join(', '),
  listsSharedArticles: m.listsSharedArticles !== false,
  showBonuses: m.rules.showBonuses,
  noBonusText: m.rules.noBonusText,
  licensedBy: m.rules.licensedBy.join(', '),
  saferGamblingLine: m.rules.saferGamblingLine,
  requireTerms: m.rules.requireTerms,
})
const bodyOf = (d: Draft) => ({
  key: d.key.trim(),
  name: d.name,
  countries: list(d.countries),
  language: d.language,
  currency: d.currency,
  minimumAge: Number(d.minimumAge),
  helpCountry: d.helpCountry,
  legalPages: list(d.legalPages),
  listsSharedArticles: d.listsSharedArticles,
  rules: { showBonuses: d.showBonuses, noBonusText: d.noBonusText, licensedBy: list(d.licensedBy), saferGamblingLine: d.saferGamblingLine, requireTerms: d.requireTerms },
})
const failureOf = (err: unknown): FormFailure => (err instanceof ApiError && err.explained ? { text: err.message, issues: err.issues } : { text: 'Could not save the market. Please try again.', issues: [] })

function Field({ label, name, error, hint, children }: { label: string; name: string; error: FormFailure | null; hint?: string; children: React.ReactNode }) {
  const problem = issueAt(error, name)
  return (
    <label className="market-field">
      {label}
      {children}
      {hint && <span className="muted small">{hint}</span>}
      {problem && (
        <span className="field-issue" role="alert">
          {problem}
        </span>
      )}
    </label>
  )
}

/** One market's settings: new (from a preset) or an existing one (its key stays). */
const MARKET_LABELS: Partial<Record<keyof Draft, string>> = {
  name: 'Name', countries: 'Countries and regions served', language: 'Language', currency: 'Currency', minimumAge: 'Minimum age', helpCountry: 'Gambling help for',
  legalPages: 'Legal pages', listsSharedArticles: 'Lists shared articles', showBonuses: 'Shows bonuses', noBonusText: 'Instead of a bonus', licensedBy: 'Only brands licensed by',
  saferGamblingLine: 'Safer-gambling line', requireTerms: 'Requires terms',
}

function MarketForm({ initial, isNew, onSaved, onCancel }: { initial: Draft; isNew: boolean; onSaved: (m: Market) => void; onCancel: () => void }) {
  const [d, setD] = useState(initial)
  const [error, setError] = useState<FormFailure | null>(null)
  const { save, busy, notice } = useVersionedSave({
    isNew,
    version: d.version,
    persist: (version) => (isNew ? marketsApi.create(bodyOf(d)) : marketsApi.update(d.key, bodyOf(d), version)),
    started: () => setError(null),
    saved: onSaved,
    failed: (err) => setError(failureOf(err)),
    load: async () => draftOf(await marketsApi.get(d.key)),
    changes: (theirs) => changedByOthers(initial, theirs, d, MARKET_LABELS as Record<string, string>),
    reload: setD,
    versionOf: (theirs) => theirs.version,
  })
  const formRef = useRef<HTMLFormElement>(null)
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }))
  const text = (k: keyof Draft, extra: Record<string, unknown> = {}) => ({
    name: k,
    value: d[k] as string,
    onChange: (e: { target: { value: string } }) => set(k, e.target.value as never),
    'aria-invalid': issueAt(error, k) || issueAt(error, `rules.${k}`) ? true : undefined,
    ...extra,
  })
  return (
    <form className="card card-body market-form" {...editorForm(formRef, save)} aria-label={isNew ? 'New market' : `Market ${d.key}`} noValidate>
      {notice()}
      <h3>{isNew ? 'New market' : `${d.name} (${marketPrefix(d)}/)`}</h3>
      {error && (
        <p className="form-error" role="alert">
          {error.text}
        </p>
      )}
      <div className="market-grid">
        {isNew && (
          <Field label="Key (its address prefix)" name="key" error={error} hint="e.g. uk, ie, ca-on, de: pages live under /key">
            <input {...text('key', { required: true, maxLength: 6, autoComplete: 'off' })} />
          </Field>
        )}
        <Field label="Name" name="name" error={error}>
          <input {...text('name', { required: true, maxLength: 80 })} />
        </Field>
        <Field label="Countries and regions served" name="countries" error={error} hint="ISO codes, comma-separated: GB or CA-ON">
          <input {...text('countries')} />
        </Field>
        <Field label="Language (BCP 47)" name="language" error={error} hint="e.g. en-GB, de-DE">
          <input {...text('language', { maxLength: 35 })} />
        </Field>
        <Field label="Currency" name="currency" error={error}>
          <input {...text('currency', { maxLength: 3 })} />
        </Field>
        <Field label="Minimum age" name="minimumAge" error={error}>
          <input type="number" min={18} max={25} {...text('minimumAge')} />
        </Field>
        <Field label="Gambling help for" name="helpCountry" error={error} hint="a country code; empty: the international set">
          <input {...text('helpCountry', { maxLength: 2 })} />
        </Field>
        <Field label="Legal pages (info-page slugs)" name="legalPages" error={error}>
          <input {...text('legalPages')} />
        </Field>
        <Field label="Only brands licensed by" name="rules.licensedBy" error={error} hint="regulators as in brand facts, comma-separated; empty: any brand">
          <input {...text('licensedBy')} name="rules.licensedBy" />
        </Field>
        <Field label="Safer-gambling line" name="rules.saferGamblingLine" error={error} hint="shown with every offer">
          <input {...text('saferGamblingLine', { maxLength: 200 })} name="rules.saferGamblingLine" />
        </Field>
        <Field label="Instead of a bonus" name="rules.noBonusText" error={error} hint="when bonuses may not be shown">
          <input {...text('noBonusText', { maxLength: 120 })} name="rules.noBonusText" />
        </Field>
      </div>
      <fieldset className="market-checks">
        <legend>Rules</legend>
        <label>
          <input type="checkbox" checked={d.showBonuses} onChange={(e) => set('showBonuses', e.target.checked)} /> Bonus amounts may be shown
        </label>
        <label>
          <input type="checkbox" checked={d.requireTerms} onChange={(e) => set('requireTerms', e.target.checked)} /> List only offers with significant terms
        </label>
        <label>
          <input type="checkbox" checked={d.listsSharedArticles} onChange={(e) => set('listsSharedArticles', e.target.checked)} /> Also list articles written for every market
        </label>
      </fieldset>
      <div className="row">
        <button className="btn btn-primary" type="submit" disabled={busy}>
          {busy ? 'Saving…' : isNew ? 'Create market' : 'Save market'}
        </button>
        <button className="btn" type="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/**
 * Issue 23: the markets a site serves, each under its own address prefix with its language and offer
 * rules, for admins: a list, a form that starts from one of the shipped presets, edit and delete.
 */
export function MarketsPanel() {
  const [markets, setMarkets] = useState<Market[] | null>(null)
  const [presets, setPresets] = useState<Record<string, MarketPreset>>({})
  const [loadError, setLoadError] = useState<string | null>(null)
  const [editing, setEditing] = useState<{ draft: Draft; isNew: boolean } | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const load = useCallback(async () => {
    try {
      const r = await marketsApi.list()
      setMarkets(r.markets)
      setPresets(r.presets)
      setLoadError(null)
    } catch {
      setLoadError('Could not load the markets. Reload to try again.')
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load])
  const startNew = (preset: string) => {
    const p = presets[preset]
    if (p) setEditing({ isNew: true, draft: draftOf({ key: preset.toLowerCase() === 'gb' ? 'uk' : preset.toLowerCase(), name: '', legalPages: [], listsSharedArticles: true, ...p }) })
  }
  async function remove(m: Market) {
    if (!window.confirm(`Delete the market ${m.name}? Its pages under ${marketPrefix(m)}/ stop answering; posts written for it stay.`)) return
    try {
      await marketsApi.remove(m.key)
      setNotice(`Deleted ${m.name}.`)
      await load()
    } catch (err) {
      setNotice(failureOf(err).text)
    }
  }
  return (
    <section className="markets-panel" aria-labelledby="markets-heading">
      <h2 id="markets-heading">Markets</h2>
      <p className="muted">
        Each market has its own address prefix, language and offer rules, applied whenever a page shows an offer. Unprefixed addresses are the default market (English, 18+, no extra rules).
      </p>
      {notice && (
        <p role="status" className="muted">
          {notice}
        </p>
      )}
      {loadError && <p role="alert">{loadError}</p>}
      {!markets && !loadError && <p className="muted">Loading markets…</p>}
      {markets && (
        <table className="markets-table">
          <thead>
            <tr>
              <th scope="col">Market</th>
              <th scope="col">Address</th>
              <th scope="col">Language</th>
              <th scope="col">Age</th>
              <th scope="col">Bonuses</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {markets.length === 0 && (
              <tr>
                <td colSpan={6} className="muted">
                  No markets yet: every page is the default market’s. Add one from a preset below.
                </td>
              </tr>
            )}
            {markets.map((m) => (
              <tr key={m.key}>
                <td>{m.name}</td>
                <td>
                  <a href={marketPrefix(m)}>{`${marketPrefix(m)}/`}</a>
                </td>
                <td>{m.language}</td>
                <td>{`${m.minimumAge}+`}</td>
                <td>{m.rules.showBonuses ? 'Shown' : 'Hidden'}</td>
                <td className="row">
                  <button type="button" className="btn" onClick={() => setEditing({ isNew: false, draft: draftOf(m) })}>
                    Edit
                  </button>
                  <button type="button" className="btn" onClick={() => void remove(m)}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {markets && !editing && (
        <div className="row market-presets">
          <span className="muted">Add a market from the rules for:</span>
          {Object.keys(presets).map((p) => (
            <button key={p} type="button" className="btn" onClick={() => startNew(p)}>
              {p}
            </button>
          ))}
        </div>
      )}
      {editing && (
        <MarketForm
          key={editing.draft.key + String(editing.isNew)}
          initial={editing.draft}
          isNew={editing.isNew}
          onCancel={() => setEditing(null)}
          onSaved={(m) => {
            setEditing(null)
            setNotice(`Saved ${m.name}: its pages are at ${marketPrefix(m)}/.`)
            void load()
          }}
        />
      )}
    </section>
  )
}
