import { useId } from 'react'
import { issueAt, type FormFailure } from '../FormError.tsx'
import { amountsWithoutCurrency } from '../../lib/offer-money.ts'
import { TERMS_SUMMARY_MAX } from '../../lib/schemas.ts'
import { type BrandDraft, emptyMarketOffer, type MarketOfferDraft } from './draft.ts'

/** Offered first; any ISO 4217 code may be typed (the server checks it against ISO's list, lib/currencies.ts). */
const CURRENCIES = ['GBP', 'EUR', 'USD', 'CAD', 'AUD', 'NZD', 'SEK', 'NOK', 'DKK', 'CHF']

function Issue({ error, path }: { error: FormFailure | null; path: string }) {
  const text = issueAt(error, path)
  return text ? <span className="field-issue">{text}</span> : null
}

/**
 * The offer's money (issue 34): the currency its amounts are in, and a market's own offer (headline,
 * terms, code, currency, minimum deposit) shown in that market instead of the default one. Amounts are
 * written `{500}`: pages write them with the currency in the page's language ("£500", "500 €").
 */
export function OfferCurrencyFields({ draft, onChange, error }: { draft: BrandDraft; onChange: (patch: Partial<BrandDraft>) => void; error: FormFailure | null }) {
  const list = useId()
  const missing = amountsWithoutCurrency({ ...draft, offerCurrency: draft.offerCurrency.trim() })
  const setOffer = (i: number, patch: Partial<MarketOfferDraft>) => onChange({ marketOffers: draft.marketOffers.map((o, j) => (j === i ? { ...o, ...patch } : o)) })
  return (
    <fieldset className="offer-currency-fields" data-testid="offer-currency">
      <legend>Currency and offers per market</legend>
      <label>
        Offer currency
        <input name="offerCurrency" list={list} placeholder="GBP" maxLength={3} size={5} aria-describedby={`${list}-hint`} value={draft.offerCurrency} onChange={(e) => onChange({ offerCurrency: e.target.value.toUpperCase() })} />
        <Issue error={error} path="offerCurrency" />
      </label>
      <datalist id={list}>
        {CURRENCIES.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <p id={`${list}-hint`} className="field-hint">
        Write an amount as {'{500}'} in the highlight, bonus, terms, deal box and tables: pages show it in this currency, as readers of the page write it (£500 on an English page, 500 € on a German one).
        Where a market has another currency, the offer says which ("Amounts in GBP").
      </p>
      {missing && (
        <p className="form-warning" role="status" data-testid="currency-warning">
          Amounts are written as {'{500}'} but the offer has no currency: pick one before saving.
        </p>
      )}
      {draft.marketOffers.map((o, i) => (
        <fieldset key={i} className="market-offer" data-testid="market-offer">
          <legend>Offer for a market</legend>
          <div className="grid-2">
            <label>
              Market key
              <input name={`marketOffers.${i}.market`} placeholder="de" value={o.market} onChange={(e) => setOffer(i, { market: e.target.value.toLowerCase() })} />
              <Issue error={error} path={`marketOffers.${i}.market`} />
            </label>
            <label>
              Currency
              <input name={`marketOffers.${i}.currency`} list={list} placeholder="EUR" maxLength={3} size={5} value={o.currency} onChange={(e) => setOffer(i, { currency: e.target.value.toUpperCase() })} />
              <Issue error={error} path={`marketOffers.${i}.currency`} />
            </label>
          </div>
          <label>
            Headline
            <input name={`marketOffers.${i}.offerHighlight`} placeholder="100 % bis zu {500} + 200 Freispiele" value={o.offerHighlight} onChange={(e) => setOffer(i, { offerHighlight: e.target.value })} />
            <Issue error={error} path={`marketOffers.${i}.offerHighlight`} />
          </label>
          <label>
            Significant terms
            <textarea name={`marketOffers.${i}.termsSummary`} rows={2} maxLength={TERMS_SUMMARY_MAX} value={o.termsSummary} onChange={(e) => setOffer(i, { termsSummary: e.target.value })} />
            <Issue error={error} path={`marketOffers.${i}.termsSummary`} />
          </label>
          <div className="grid-2">
            <label>
              Bonus code
              <input name={`marketOffers.${i}.bonusCode`} value={o.bonusCode} onChange={(e) => setOffer(i, { bonusCode: e.target.value })} />
            </label>
            <label>
              Minimum deposit
              <input name={`marketOffers.${i}.minDeposit`} type="number" min={0} step="any" inputMode="decimal" value={o.minDeposit} onChange={(e) => setOffer(i, { minDeposit: e.target.value })} />
              <Issue error={error} path={`marketOffers.${i}.minDeposit`} />
            </label>
          </div>
          <button type="button" className="btn btn-secondary" onClick={() => onChange({ marketOffers: draft.marketOffers.filter((_, j) => j !== i) })}>
            Remove this market’s offer
          </button>
        </fieldset>
      ))}
      <Issue error={error} path="marketOffers" />
      <button type="button" className="btn btn-secondary" onClick={() => onChange({ marketOffers: [...draft.marketOffers, emptyMarketOffer()] })}>
        Add an offer for a market
      </button>
      <p className="field-hint">In a market with an offer of its own, its headline, terms, code and minimum deposit replace this brand’s; the brand’s bonus tables and terms sections are not shown there. Other markets show this brand’s offer if their rules allow one.</p>
    </fieldset>
  )
}
