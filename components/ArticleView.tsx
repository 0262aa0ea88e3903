import { authorPath, type AuthorRef, type Byline as BylineProfiles, NO_BYLINE } from '../lib/authors.ts'
import { imageAltOf } from '../lib/cards.ts'
import { formatDay, isoDay } from '../lib/format.ts'
import { IMAGE_SIZES } from '../lib/images.ts'
import { tagPath } from '../lib/tag-path.ts'
import { tagsOf } from '../lib/tags.ts'
import type { ArticleData, RenderedSection } from '../lib/article-body.ts'
import type { Comparison } from '../lib/comparison.ts'
import { RenderBlock } from './blocks/index.tsx'
import { MarkdownTree } from './MarkdownTree.tsx'
import { ResponsiveImage } from './ResponsiveImage.tsx'
import { useMarketPath } from './market-path.ts'
import { useLocale, useT } from './use-t.ts'

/** A profile's name linking its page (issue 22), else the byline's own text; null when neither. */
function who(profile: AuthorRef | null, text: string, local: (path: string) => string, rel?: string) {
  if (profile)
    return (
      <a href={local(authorPath(profile.slug))} rel={rel}>
        {profile.name}
      </a>
    )
  return text.trim() ? text.trim() : null
}

/**
 * The byline (issue 22): the author (their profile's page when the post names one, else the byline's
 * text; neither: the site, which JSON-LD names), when it was published and last updated (the same times
 * as its structured data, as days made with Intl), the read time and the reviewer.
 */
function Byline({ article, profiles }: { article: ArticleData; profiles: BylineProfiles }) {
  const { meta } = article
  const t = useT()
  const locale = useLocale()
  const local = useMarketPath()
  const author = who(profiles.author, meta.author, local, 'author')
  const reviewer = who(profiles.reviewer, meta.reviewer, local)
  const published = formatDay(article.createdAt, locale)
  const updated = formatDay(article.updatedAt, locale)
  const parts = [
    author && <span key="a">{t('article.by')} {author}</span>,
    published && (
      <span key="p">
        {t('article.published')} <time dateTime={article.createdAt}>{published}</time>
      </span>
    ),
    // an edit on the day it went live is not news to a reader
    updated && isoDay(article.updatedAt)! > isoDay(article.createdAt)! && (
      <span key="u">
        {t('article.updated')} <time dateTime={article.updatedAt}>{updated}</time>
      </span>
    ),
    meta.readTime && <span key="r">{t('cards.readTime', { time: meta.readTime })}</span>,
    reviewer && <span key="v">{t('article.reviewedBy')} {reviewer}</span>,
  ].filter(Boolean)
  return <p className="meta byline muted small">{parts.flatMap((p, i) => (i ? [' · ', p] : [p]))}</p>
}

/**
 * An article page (spec §2): image, tags, title, description, byline, summary, and the body sections,
 * whose text the server rendered from the editor's Markdown with the hyperlinks applied
 * (server/content/article-body.ts). Only elements exist: nothing stored is rendered as HTML.
 */
export function ArticleView({ article, body, comparisons = [], byline = NO_BYLINE }: { article: ArticleData; body: RenderedSection[]; comparisons?: Comparison[]; byline?: BylineProfiles }) {
  const local = useMarketPath()
  const t = useT()
  const { content } = article
  // an article's comparison tables, resolved for the visitor's country and numbered in order: the tree's `compare` blocks
  const compare = (i: number) => (comparisons[i] ? <RenderBlock block={{ kind: 'compare', table: comparisons[i], index: i }} /> : null)
  const tags = tagsOf(article)
  return (
    <article className="article">
      {/* the lead image is the article page's LCP */}
      {article.image && (
        <ResponsiveImage className="article-image" src={article.image} alt={imageAltOf(article)} width={800} height={450} sizes={IMAGE_SIZES.articleLead} priority />
      )}
      {tags.length > 0 && (
        <ul className="article-tags" aria-label={t('article.tags')}>
          {tags.map((t) => (
            <li key={t}>
              <a className="tag" href={local(tagPath(t))}>
                {t}
              </a>
            </li>
          ))}
        </ul>
      )}
      <h1>{article.title}</h1>
      <p className="lead">{article.description}</p>
      <Byline article={article} profiles={byline} />
      {content.summary.length > 0 && (
        <section className="summary" aria-labelledby="summary-heading">
          <h2 id="summary-heading">{t('article.summary')}</h2>
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
              <MarkdownTree tree={s.tree} compare={compare} />
              {s.subsections.map((sub, k) => (
                <div key={k} className="subsection">
                  <h3>{sub.subheading}</h3>
                  <MarkdownTree tree={sub.tree} compare={compare} />
                </div>
              ))}
              {s.keywords.length > 0 && (
                <ul className="chips" aria-label={t('article.keywords')}>
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
