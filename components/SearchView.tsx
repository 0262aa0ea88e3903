import { Fragment, type ReactNode } from 'react'
import { formatNumber } from '../lib/format.ts'
import { SearchForm } from './SearchForm.tsx'
import { SEARCH_PAGE_SIZE, type SearchAnswer, type SnippetSegment, searchHref } from '../lib/search.ts'
import { OfferCards } from './BrandOffers.tsx'
import { AffiliateDisclosure } from './OfferTerms.tsx'
import { useLocale, useT } from './use-t.ts'
import { useMarketPath } from './market-path.ts'

/** A snippet as React text, highlighted terms in <mark>: segments, never HTML. */
export function Snippet({ segments }: { segments: SnippetSegment[] }) {
  return (
    <>
      {segments.map((s, i) => (s.highlight ? <mark key={i}>{s.text}</mark> : <Fragment key={i}>{s.text}</Fragment>))}
    </>
  )
}

// where a link stands inside a translated sentence (private-use characters: never in a message)
const SLOT = '\uE000'
const SLOT2 = '\uE001'

/** A translated sentence with elements where its placeholders were (`SLOT`, then `SLOT2`). */
function splitAt(text: string, first: ReactNode, second?: ReactNode): ReactNode {
  return text.split(/([\uE000\uE001])/).map((part, i) => <Fragment key={i}>{part === SLOT ? first : part === SLOT2 ? second : part}</Fragment>)
}

/** The page numbers to link: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const out: (number | null)[] = []
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) out.push(p)
    else if (out[out.length - 1] !== null) out.push(null) // a gap
  }
  return out
}

function SearchPagination({ q, page, pages }: { q: string; page: number; pages: number }) {
  const t = useT()
  const local = useMarketPath()
  if (pages <= 1) return null
  return (
    <nav className="pagination" aria-label={t('searchPage.pages')}>
      {page > 1 && (
        <a className="btn" href={local(searchHref(q, page - 1))} rel="prev">
          {t('pagination.previous')}
        </a>
      )}
      {pageWindow(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap${i}`} className="pagination-gap">
            …
          </span>
        ) : (
          <a key={p} className={`btn${p === page ? ' active' : ''}`} href={local(searchHref(q, p))} aria-current={p === page ? 'page' : undefined} aria-label={t('pagination.page', { page: p })}>
            {p}
          </a>
        ),
      )}
      {page < pages && (
        <a className="btn" href={local(searchHref(q, page + 1))} rel="next">
          {t('pagination.next')}
        </a>
      )}
    </nav>
  )
}

/**
 * /search: the form; the brands the query names as offer cards (with their terms and tracked links) and
 * its tags; a spelling that would find something when no article matches; then the count and results,
 * an empty state, or a page past the last.
 */
export function SearchView({ q, total, capped, page, pages, results, brands = [], brandPages = [], tags = [], didYouMean = null, disclosure, error }: SearchAnswer & { error?: string; disclosure?: string }) {
  const t = useT()
  const locale = useLocale()
  const local = useMarketPath()
  return (
    <section className="search-page">
      <h1>{t('searchPage.title')}</h1>
      <SearchForm q={q} id="search-page-q" label={t('searchPage.label')} />
      {error && (
        <p className="search-error" role="alert">
          {error}
        </p>
      )}
      {didYouMean && (
        <p className="did-you-mean" data-testid="did-you-mean">
          {/* the suggestion is a link inside the sentence: the message is split at its placeholder */}
          {splitAt(t('searchPage.didYouMean', { suggestion: SLOT }), <a href={local(didYouMean.href)}>{didYouMean.q}</a>)}
        </p>
      )}
      {(brands.length > 0 || brandPages.length > 0) && (
        <section className="search-brands" aria-labelledby="search-brands-heading" data-slot="search-offers">
          <h2 id="search-brands-heading">{t('searchPage.brands')}</h2>
          {brands.length > 0 && (
            <>
              <AffiliateDisclosure text={disclosure} />
              <OfferCards offers={brands} slot="search-offers" />
            </>
          )}
          {/* issue 34: a brand whose offer is not running, found by its name: its page (which says so), no offer */}
          {brandPages.length > 0 && (
            <ul className="search-brand-pages" data-testid="search-brand-pages">
              {brandPages.map((b) => (
                <li key={b.href}>
                  <a href={local(b.href)}>{b.name}</a> <span className="muted">{t(b.state === 'ended' ? 'searchPage.offerEnded' : 'searchPage.offerUpcoming')}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {tags.length > 0 && (
        <nav className="search-tags" aria-label={t('searchPage.tags')}>
          <span className="muted">{t('searchPage.tagsLabel')}</span>
          <ul>
            {tags.map((t) => (
              <li key={t.href}>
                <a className="tag" href={local(t.href)}>
                  {t.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {q && !error && total === 0 && (
        <div className="search-empty">
          <p className="empty">{t('searchPage.noMatch', { q })}</p>
          <ul className="search-suggestions">
            <li>{t('searchPage.tipSpelling')}</li>
            <li>
              {splitAt(t('searchPage.tipBrowse', { articles: SLOT, home: SLOT2 }), <a href={local('/articles')}>{t('searchPage.allArticles')}</a>, <a href={local('/')}>{t('searchPage.homePage')}</a>)}
            </li>
          </ul>
        </div>
      )}
      {total > 0 && (
        <p className="search-count" aria-live="polite">
          {capped ? t('searchPage.countCapped', { count: formatNumber(total, undefined, locale), q }) : t('searchPage.count', { count: total, q })}
          {pages > 1 && page <= pages && <span className="muted">{t('searchPage.pageOf', { page, pages })}</span>}
        </p>
      )}
      {total > 0 && results.length === 0 && (
        <div className="search-empty">
          <p className="empty">{t('searchPage.pastLast', { page, pages, q })}</p>
          <p className="center">
            <a className="btn" href={local(searchHref(q, 1))}>
              {t('searchPage.firstPage')}
            </a>
          </p>
        </div>
      )}
      {results.length > 0 && (
        <ol className="search-results" start={(page - 1) * SEARCH_PAGE_SIZE + 1}>
          {results.map((r) => (
            <li key={r._id} className="search-result" data-testid="search-result">
              {r.image && <img src={r.image} alt={r.imageAlt ?? r.title} width={160} height={90} loading="lazy" decoding="async" />}
              <div>
                {r.tag && <span className="tag">{r.tag}</span>}
                <h2>
                  <a href={local(r.href)}>{r.title}</a>
                </h2>
                <p className="search-snippet">
                  <Snippet segments={r.snippet} />
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      {results.length > 0 && <SearchPagination q={q} page={page} pages={pages} />}
    </section>
  )
}
