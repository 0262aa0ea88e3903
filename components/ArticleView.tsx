import { imageAltOf } from '../lib/cards.ts'
import { navigate } from 'vike/client/router'
import { tagPath } from '../lib/tag-path.ts'
import type { BodySection, Post } from '../lib/schemas.ts'
import { classifyLink, linkKeywords } from '../lib/article-links.ts'
import { articlePath } from '../lib/links.ts'
import { IMAGE_SIZES } from '../lib/images.ts'
import { ResponsiveImage } from './ResponsiveImage.tsx'

function InTextLink({ href, text, origin }: { href: string; text: string; origin: string }) {
  const kind = classifyLink(href, origin)
  if (kind.internal) {
    const to = articlePath(kind.articleId)
    return (
      <a
        href={to}
        onClick={(e) => {
          e.preventDefault()
          void navigate(to)
        }}
      >
        {text}
      </a>
    )
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  )
}

/** Content with keyword-to-link substitution, rendered as text and anchors only — never as HTML. */
export function LinkedText({ content, links, origin }: { content: string; links: BodySection['hyperlinks']; origin: string }) {
  return (
    <>
      {linkKeywords(content, links).map((seg, i) =>
        seg.href ? <InTextLink key={i} href={seg.href} text={seg.text} origin={origin} /> : <span key={i}>{seg.text}</span>,
      )}
    </>
  )
}

export function ArticleView({ article, origin }: { article: Post; origin: string }) {
  const { content, meta } = article
  return (
    <article className="article">
      {/* the lead image is the article page's LCP */}
      {article.image && (
        <ResponsiveImage className="article-image" src={article.image} alt={imageAltOf(article)} width={800} height={450} sizes={IMAGE_SIZES.articleLead} priority />
      )}
      {article.tag && (
        <a className="tag" href={tagPath(article.tag)}>
          {article.tag}
        </a>
      )}
      <h1>{article.title}</h1>
      <p className="lead">{article.description}</p>
      <p className="meta muted small">
        {[meta.author && `By ${meta.author}`, meta.date, meta.readTime && `${meta.readTime} read`, meta.reviewer && `Reviewed by ${meta.reviewer}`]
          .filter(Boolean)
          .join(' · ')}
      </p>
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
      {content.body.length > 0 && (
        <section aria-labelledby="article-heading">
          <h2 id="article-heading">Article</h2>
          {content.body.map((s, i) => (
            <section key={i} className="body-section">
              <h3>{s.headline}</h3>
              <p>
                <LinkedText content={s.content} links={s.hyperlinks} origin={origin} />
              </p>
              {s.subsections.map((sub, k) => (
                <div key={k} className="subsection">
                  <h4>{sub.subheading}</h4>
                  <p>{sub.content}</p>
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
        </section>
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
