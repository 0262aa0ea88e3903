import { useMarketPath } from './market-path.ts'
import { Fragment } from 'react'
import { formatNumber } from '../lib/format.ts'
import { SearchForm } from './SearchForm.tsx'
import { SEARCH_PAGE_SIZE, type SearchAnswer, type SnippetSegment, searchHref } from '../lib/search.ts'
import { OfferCards } from './BrandOffers.tsx'
import { AffiliateDisclosure } from './OfferTerms.tsx'

/** A snippet as React text, highlighted terms in <mark>: segments, never HTML. */
export function Snippet({ segments }: { segments: SnippetSegment[] }) {
  return (
    <>
      {segments.map((s, i) => (s.highlight ? <mark key={i}>{s.text}</mark> : <Fragment key={i}>{s.text}</Fragment>))}
    </>
  )
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
  const local = useMarketPath()
  if (pages <= 1) return null
  return (
    <nav className="pagination" aria-label="Search result pages">
      {page > 1 && (
        <a className="btn" href={local(searchHref(q, page - 1))} rel="prev">
          Previous
        </a>
      )}
      {pageWindow(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap${i}`} className="pagination-gap">
            …
          </span>
        ) : (
          <a key={p} className={`btn${p === page ? ' active' : ''}`} href={local(searchHref(q, p))} aria-current={p === page ? 'page' : undefined} aria-label={`Page ${p}`}>
            {p}
          </a>
        ),
      )}
      {page < pages && (
        <a className="btn" href={local(searchHref(q, page + 1))} rel="next">
          Next
        </a>
      )}
    </nav>
  )
}

const quoted = (q: string) => `“${q}”`

/**
 * /search: the form; the brands the query names as offer cards (with their terms and tracked links) and
 * its tags; a spelling that would find something when no article matches; then the count and results,
 * an empty state, or a page past the last.
 */
export function SearchView({ q, total, capped, page, pages, results, brands = [], tags = [], didYouMean = null, disclosure, error }: SearchAnswer & { error?: string; disclosure?: string }) {
  const local = useMarketPath()
  return (
    <section className="search-page">
      <h1>Search</h1>
      <SearchForm q={q} id="search-page-q" label="Search articles" />
      {error && (
        <p className="search-error" role="alert">
          {error}
        </p>
      )}
      {didYouMean && (
        <p className="did-you-mean" data-testid="did-you-mean">
          Did you mean <a href={local(didYouMean.href)}>{didYouMean.q}</a>?
        </p>
      )}
      {brands.length > 0 && (
        <section className="search-brands" aria-labelledby="search-brands-heading" data-slot="search-offers">
          <h2 id="search-brands-heading">Brands</h2>
          <AffiliateDisclosure text={disclosure} />
          <OfferCards offers={brands} slot="search-offers" />
        </section>
      )}
      {tags.length > 0 && (
        <nav className="search-tags" aria-label="Tags">
          <span className="muted">Tags:</span>
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
          <p className="empty">{`No articles match ${quoted(q)}.`}</p>
          <ul className="search-suggestions">
            <li>Check the spelling, or try fewer or more general words.</li>
            <li>
              Browse <a href={local('/articles')}>all articles</a>, or start from the <a href={local('/')}>home page</a>.
            </li>
          </ul>
        </div>
      )}
      {total > 0 && (
        <p className="search-count" aria-live="polite">
          {`${formatNumber(total)}${capped ? '+' : ''} ${total === 1 ? 'result' : 'results'} for ${quoted(q)}`}
          {pages > 1 && page <= pages && <span className="muted">{` · page ${page} of ${pages}`}</span>}
        </p>
      )}
      {total > 0 && results.length === 0 && (
        <div className="search-empty">
          <p className="empty">{`No results on page ${page}: there ${pages === 1 ? 'is 1 page' : `are ${pages} pages`} of results for ${quoted(q)}.`}</p>
          <p className="center">
            <a className="btn" href={local(searchHref(q, 1))}>
              Back to the first page
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
