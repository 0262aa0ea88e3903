import type { AuthorLink } from '../lib/author-schemas.ts'
import { initialsOf } from '../lib/authors.ts'
import { ArchiveListing } from './ArchiveView.tsx'
import type { ArticleCardData } from './ArticleGrid.tsx'
import { ResponsiveImage } from './ResponsiveImage.tsx'
import { useContentLang, useT } from './use-t.ts'

/** What the author page shows of a profile (pages/author/+data.ts trims it to this). */
export type AuthorProfile = { slug: string; name: string; bio: string; expertise: string[]; photo: string; links: AuthorLink[] }

/** A link's label: what the admin wrote, else the site it points to. */
export function linkLabel(l: AuthorLink): string {
  if (l.label.trim()) return l.label.trim()
  try {
    return new URL(l.url).hostname.replace(/^www\./, '')
  } catch {
    return l.url
  }
}

/** The bio as typed: plain text, paragraphs at blank lines, never HTML. */
function Bio({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)
  return (
    <div className="author-bio">
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  )
}

/**
 * An author's page (issue 22): photo, name, what they write about, bio and their profiles elsewhere
 * (`rel="me"`), then their published articles, paged like the archives with real links.
 */
export function AuthorView({ author, articles, base, page, pages, total }: { author: AuthorProfile; articles: ArticleCardData[]; base: string; page: number; pages: number; total: number }) {
  const t = useT()
  // a profile is written once, in English: marked so on a page in another language
  const contentLang = useContentLang()
  return (
    <div className="author-page">
      <header className="author-header card">
        {author.photo ? (
          <ResponsiveImage className="author-photo" src={author.photo} alt={t('author.photo', { name: author.name })} width={144} height={144} sizes="144px" priority />
        ) : (
          <span className="author-photo author-initials" aria-hidden="true">
            {initialsOf(author.name)}
          </span>
        )}
        <div className="author-intro">
          <p className="author-eyebrow muted small">{t('author.eyebrow')}</p>
          <h1 id="author-heading">{author.name}</h1>
          {author.expertise.length > 0 && (
            <ul className="chips author-expertise" aria-label={t('author.writesAbout')} lang={contentLang}>
              {author.expertise.map((t) => (
                <li key={t} className="chip">
                  {t}
                </li>
              ))}
            </ul>
          )}
          {author.bio && (
            <div lang={contentLang}>
              <Bio text={author.bio} />
            </div>
          )}
          {author.links.length > 0 && (
            <ul className="author-links" aria-label={t('author.elsewhere', { name: author.name })}>
              {author.links.map((l) => (
                <li key={l.url}>
                  <a className="btn" href={l.url} rel="me noopener" target="_blank">
                    {linkLabel(l)}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </header>
      <section className="archive author-articles" aria-labelledby="author-articles-heading">
        <h2 id="author-articles-heading">{t('author.articlesBy', { name: author.name })}</h2>
        <ArchiveListing articles={articles} base={base} page={page} pages={pages} total={total} level={3} />
      </section>
    </div>
  )
}
