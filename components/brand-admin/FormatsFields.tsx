import { useId } from 'react'
import { KNOWN_REGULATORS, PAYMENT_METHODS, WAGERING_BASES, type WageringBase } from '../../lib/brand-facts.ts'
import { utcDay } from '../../lib/format.ts'
import { formatScore, REVIEW_CRITERIA } from '../../lib/review-score.ts'
import { type FormFailure, issueAt } from '../FormError.tsx'
import { draftOverall, type FactsDraft, type ReviewDraft } from './formats-draft.ts'

/**
 * The brand form's formats of issue 22: facts as data, the structured review and when the offer runs.
 * Inputs are named by the API's paths (facts.minDeposit.amount), so a refused one is marked where it is.
 */

const CURRENCIES = ['GBP', 'EUR', 'USD', 'CAD', 'AUD', 'NZD', 'SEK', 'NOK', 'DKK', 'CHF', 'BRL', 'INR']
const today = () => utcDay(new Date())

function Issue({ error, path }: { error: FormFailure | null; path: string }) {
  const text = issueAt(error, path)
  return text ? <span className="field-issue">{text}</span> : null
}

export function FactsFields({ value, onChange, error }: { value: FactsDraft; onChange: (v: FactsDraft) => void; error: FormFailure | null }) {
  const set = (patch: Partial<FactsDraft>) => onChange({ ...value, ...patch })
  const regulators = useId()
  const currencies = useId()
  return (
    <fieldset className="facts-fields" data-testid="facts-fields">
      <legend>Key facts</legend>
      <p className="field-hint">What readers compare: shown on the brand page and in comparison tables. Leave a fact empty if you do not know it.</p>
      <div className="rows">
        <span className="field-label">Licences</span>
        {value.licences.map((l, i) => (
          <div key={i} className="row stack-on-phone">
            <input
              name={`facts.licences.${i}.regulator`}
              aria-label={`Licence ${i + 1}: regulator`}
              placeholder="Regulator, e.g. UK Gambling Commission"
              list={regulators}
              value={l.regulator}
              onChange={(e) => set({ licences: value.licences.map((x, k) => (k === i ? { ...x, regulator: e.target.value } : x)) })}
            />
            <input
              name={`facts.licences.${i}.number`}
              aria-label={`Licence ${i + 1}: licence number`}
              placeholder="Licence number"
              value={l.number}
              onChange={(e) => set({ licences: value.licences.map((x, k) => (k === i ? { ...x, number: e.target.value } : x)) })}
            />
            <button type="button" className="btn" onClick={() => set({ licences: value.licences.filter((_, k) => k !== i) })} aria-label={`Remove licence ${i + 1}`}>
              Remove
            </button>
          </div>
        ))}
        <Issue error={error} path="facts.licences" />
        <datalist id={regulators}>
          {KNOWN_REGULATORS.map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
        <button type="button" className="btn" onClick={() => set({ licences: [...value.licences, { regulator: '', number: '' }] })}>
          + Add licence
        </button>
      </div>
      <div className="grid-2">
        <div className="field">
          <span className="field-label" id={`${currencies}-label`}>
            Minimum deposit
          </span>
          <div className="row">
            <input name="facts.minDeposit.amount" aria-labelledby={`${currencies}-label`} type="number" min={0} step="any" inputMode="decimal" placeholder="Amount" value={value.minDepositAmount} onChange={(e) => set({ minDepositAmount: e.target.value })} />
            <input name="facts.minDeposit.currency" aria-label="Minimum deposit currency" list={currencies} placeholder="GBP" maxLength={3} size={5} value={value.minDepositCurrency} onChange={(e) => set({ minDepositCurrency: e.target.value.toUpperCase() })} />
          </div>
          <datalist id={currencies}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <Issue error={error} path="facts.minDeposit" />
        </div>
        <div className="field">
          <span className="field-label" id={`${currencies}-wagering`}>
            Wagering requirement
          </span>
          <div className="row">
            <input name="facts.wagering.multiplier" aria-labelledby={`${currencies}-wagering`} type="number" min={0} max={200} step="any" placeholder="× (0 for none)" value={value.wageringMultiplier} onChange={(e) => set({ wageringMultiplier: e.target.value })} />
            <select name="facts.wagering.appliesTo" aria-label="Wagering applies to" value={value.wageringAppliesTo} onChange={(e) => set({ wageringAppliesTo: e.target.value as WageringBase | '' })}>
              <option value="">on…</option>
              {Object.entries(WAGERING_BASES).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <Issue error={error} path="facts.wagering" />
        </div>
        <label>
          Maximum withdrawal time (hours)
          <input name="facts.withdrawalHours" type="number" min={0} step={1} placeholder="e.g. 24" value={value.withdrawalHours} onChange={(e) => set({ withdrawalHours: e.target.value })} />
          <Issue error={error} path="facts.withdrawalHours" />
        </label>
        <label>
          Launch year
          <input name="facts.launchYear" type="number" min={1990} max={new Date().getUTCFullYear()} step={1} placeholder="e.g. 2019" value={value.launchYear} onChange={(e) => set({ launchYear: e.target.value })} />
          <Issue error={error} path="facts.launchYear" />
        </label>
        <label>
          Bonus code
          <input name="facts.bonusCode" maxLength={40} placeholder="e.g. WELCOME50 (empty: no code needed)" value={value.bonusCode} onChange={(e) => set({ bonusCode: e.target.value.trim() })} />
          <span className="field-hint">Shown with a Copy button; copies are counted per brand and day.</span>
          <Issue error={error} path="facts.bonusCode" />
        </label>
        <div className="field">
          <label>
            Facts last verified
            <input name="facts.lastVerified" type="date" max={today()} value={value.lastVerified} onChange={(e) => set({ lastVerified: e.target.value })} />
          </label>
          <button type="button" className="btn btn-small" onClick={() => set({ lastVerified: today() })}>
            Verified today
          </button>
          <Issue error={error} path="facts.lastVerified" />
        </div>
      </div>
      <fieldset className="payment-methods">
        <legend>Payment methods</legend>
        <div className="check-grid">
          {PAYMENT_METHODS.map((m) => (
            <label key={m} className="check">
              <input
                type="checkbox"
                name="facts.paymentMethods"
                checked={value.paymentMethods.includes(m)}
                onChange={(e) => set({ paymentMethods: e.target.checked ? PAYMENT_METHODS.filter((x) => x === m || value.paymentMethods.includes(x)) : value.paymentMethods.filter((x) => x !== m) })}
              />
              {m}
            </label>
          ))}
        </div>
      </fieldset>
    </fieldset>
  )
}

export function ReviewFields({ value, onChange, error, brandName }: { value: ReviewDraft; onChange: (v: ReviewDraft) => void; error: FormFailure | null; brandName: string }) {
  const set = (patch: Partial<ReviewDraft>) => onChange({ ...value, ...patch })
  const overall = draftOverall(value)
  return (
    <fieldset className="review-fields" data-testid="review-fields">
      <legend>Review</legend>
      <label className="check">
        <input type="checkbox" name="review" checked={value.enabled} onChange={(e) => set({ enabled: e.target.checked })} /> {`${brandName.trim() || 'This brand'} has a structured review`}
      </label>
      {value.enabled && (
        <>
          <p className="field-hint">Scores from 1 to 5, in half points. The overall score is computed from them (the same weights everywhere) and shown on the brand page, in offer lists and to search engines.</p>
          <div className="score-inputs">
            {REVIEW_CRITERIA.map((c) => (
              <label key={c.key}>
                {c.label}
                <input
                  name={`review.scores.${c.key}`}
                  type="number"
                  min={1}
                  max={5}
                  step={0.5}
                  required
                  value={value.scores[c.key]}
                  onChange={(e) => set({ scores: { ...value.scores, [c.key]: e.target.value } })}
                />
                <span className="field-hint">{`weight ${Math.round(c.weight * 100)}%`}</span>
                <Issue error={error} path={`review.scores.${c.key}`} />
              </label>
            ))}
          </div>
          <p className="publish-plan" role="status" data-testid="review-overall">
            {overall == null ? 'Overall score: fill in every score' : `Overall score: ${formatScore(overall)} / 5`}
          </p>
          <div className="grid-2">
            <label>
              Pros (one per line)
              <textarea name="review.pros" rows={4} value={value.pros} onChange={(e) => set({ pros: e.target.value })} />
              <Issue error={error} path="review.pros" />
            </label>
            <label>
              Cons (one per line)
              <textarea name="review.cons" rows={4} value={value.cons} onChange={(e) => set({ cons: e.target.value })} />
              <Issue error={error} path="review.cons" />
            </label>
          </div>
          <label>
            Verdict
            <textarea name="review.verdict" rows={3} required maxLength={2000} value={value.verdict} onChange={(e) => set({ verdict: e.target.value })} />
            <Issue error={error} path="review.verdict" />
          </label>
          <div className="grid-2">
            <label>
              Reviewer
              <input name="review.reviewer" required maxLength={100} placeholder="The person who tested it" value={value.reviewer} onChange={(e) => set({ reviewer: e.target.value })} />
              <Issue error={error} path="review.reviewer" />
            </label>
            <label>
              Tested on
              <input name="review.testedAt" type="date" required max={today()} value={value.testedAt} onChange={(e) => set({ testedAt: e.target.value })} />
              <Issue error={error} path="review.testedAt" />
            </label>
          </div>
        </>
      )}
    </fieldset>
  )
}

/** When the offer runs: both optional, as UTC days. Outside them it is listed nowhere and its page says so. */
export function OfferWindowFields({ validFrom, validUntil, onChange, error }: { validFrom: string; validUntil: string; onChange: (v: { validFrom?: string; validUntil?: string }) => void; error: FormFailure | null }) {
  return (
    <fieldset className="offer-window" data-testid="offer-window">
      <legend>When the offer runs</legend>
      <p className="field-hint">Optional. Outside these days (UTC) the offer is not listed anywhere and the brand page says it has ended, with other offers. Empty: no start or no end.</p>
      <div className="grid-2">
        <label>
          Valid from
          <input name="validFrom" type="date" value={validFrom} onChange={(e) => onChange({ validFrom: e.target.value })} />
          <Issue error={error} path="validFrom" />
        </label>
        <label>
          Valid until (last day)
          <input name="validUntil" type="date" min={validFrom || undefined} value={validUntil} onChange={(e) => onChange({ validUntil: e.target.value })} />
          <Issue error={error} path="validUntil" />
        </label>
      </div>
    </fieldset>
  )
}
