import { imageAltOf } from '../lib/cards.ts'
import { formatDay, isoDay } from '../lib/dates.ts'
import { IMAGE_SIZES } from '../lib/images.ts'
import { tagPath } from '../lib/tag-path.ts'
import { tagsOf } from '../lib/tags.ts'
import type { ArticleData, RenderedSection } from '../lib/article-body.ts'
import { MarkdownTree } from './MarkdownTree.tsx'
import { ResponsiveImage } from './ResponsiveImage.tsx'

/** The byline: author, the article's day (made with Intl; an older free-text date as typed), read time, reviewer. */
function Byline({ meta }: { meta: ArticleData['meta'] }) {
  const day = formatDay(meta.date)
  const parts = [
    meta.author && <span key="a">By {meta.author}</span>,
    meta.date && (day ? <time key="d" dateTime={isoDay(meta.date)!}>{day}</time> : <span key="d">{meta.date}</span>),
    meta.readTime && <span key="r">{meta.readTime} read</span>,
    meta.reviewer && <span key="v">Reviewed by {meta.reviewer}</span>,
  ].filter(Boolean)
  return <p className="meta muted small">{parts.flatMap((p, i) => (i ? [' · ', p] : [p]))}</p>
}

/**
 * An article page (spec §2): image, tags, title, description, byline, summary, and the body sections,
 * whose text the server rendered from the editor's Markdown with the hyperlinks applied
 * (server/article-body.ts). Only elements exist: nothing stored is rendered as HTML.
 */
export function ArticleView({ article, body }: { article: ArticleData; body: RenderedSection[] }) {
  const { content, meta } = article
  const tags = tagsOf(article)
  return (
    <article className="article">
      {/* the lead image is the article page's LCP */}
      {article.image && (
        <ResponsiveImage className="article-image" src={article.image} alt={imageAltOf(article)} width={800} height={450} sizes={IMAGE_SIZES.articleLead} priority />
      )}
      {tags.length > 0 && (
        <ul className="article-tags" aria-label="Tags">
          {tags.map((t) => (
            <li key={t}>
              <a className="tag" href={tagPath(t)}>
                {t}
              </a>
            </li>
          ))}
        </ul>
      )}
      <h1>{article.title}</h1>
      <p className="lead">{article.description}</p>
      <Byline meta={meta} />
      {content.summary.length > 0 && (
        <section className="summary" aria-labelledby="summary-heading">
          <h2 id="summary-heading">Summary</h2>
          <ul>
            {content.summary.map((p, i) => (
              <li key={i}>
                <strong>{p.title}</strong> {p.text}
              </li>
            ))}
          </ul>
        </section>
      )}
      {body.length > 0 && (
        <div className="article-body">
          {/* no generic "Article" heading: each section's own headline is an h2, its subsections' h3 */}
          {body.map((s, i) => (
            <section key={i} className="body-section">
              <h2>{s.headline}</h2>
              <MarkdownTree tree={s.tree} />
              {s.subsections.map((sub, k) => (
                <div key={k} className="subsection">
                  <h3>{sub.subheading}</h3>
                  <MarkdownTree tree={sub.tree} />
                </div>
              ))}
              {s.keywords.length > 0 && (
                <ul className="chips" aria-label="Keywords">
                  {s.keywords.map((k) => (
                    <li key={k} className="chip">
                      {k}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </article>
  )
}

export function ArticleSkeleton() {
  return (
    <div className="article skeleton-article" data-testid="article-skeleton" aria-busy="true">
      <div className="skeleton skeleton-image" />
      <div className="skeleton skeleton-line wide" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line" />
    </div>
  )
}
