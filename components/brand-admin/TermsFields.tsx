import { TERMS_SUMMARY_MAX } from '../../lib/schemas.ts'
import type { BrandDraft } from './draft.ts'

/** The bonus fields whose text makes an offer that needs its significant terms beside it. */
export function bonusWithoutTerms(d: Pick<BrandDraft, 'bonusOffer' | 'offerHighlight' | 'dealBox' | 'termsSummary'>) {
  return Boolean((d.bonusOffer.trim() || d.offerHighlight.trim() || d.dealBox.mainText.trim()) && !d.termsSummary.trim())
}

/**
 * The brand's significant terms and full-terms link (compliance: shown beside every offer). A bonus
 * without significant terms is a warning, not a block: the editor may be waiting for the operator's
 * wording and should still be able to save the rest, and public pages meanwhile show the brand's offer
 * with "18+ | T&Cs apply" rather than nothing.
 */
export function TermsFields({ draft, onChange }: { draft: BrandDraft; onChange: (patch: Partial<BrandDraft>) => void }) {
  return (
    <fieldset className="terms-fields">
      <legend>Significant terms</legend>
      <label>
        Significant terms
        <textarea
          name="termsSummary"
          rows={2}
          maxLength={TERMS_SUMMARY_MAX}
          placeholder="e.g. New customers only. Min deposit £10. 35x wagering. T&Cs apply."
          aria-describedby="terms-summary-hint"
          value={draft.termsSummary}
          onChange={(e) => onChange({ termsSummary: e.target.value })}
        />
      </label>
      <p id="terms-summary-hint" className="muted small">
        Pages show the 18+ badge before these terms: start with the terms themselves (a different age, such as 21+, may lead them).
      </p>
      <label>
        Full terms URL
        <input name="termsUrl" type="url" pattern="https?://.+" title="An http(s) URL on the operator's site" placeholder="https://operator.example/terms" value={draft.termsUrl} onChange={(e) => onChange({ termsUrl: e.target.value })} />
      </label>
      {bonusWithoutTerms(draft) && (
        <p className="form-warning" role="status" data-testid="terms-warning">
          This brand shows a bonus but has no significant terms. UK rules (Gambling Commission, ASA/CAP) require a bonus to be shown with its significant terms: add them before publishing.
          Until then its offers show only "18+ | T&Cs apply".
        </p>
      )}
    </fieldset>
  )
}
