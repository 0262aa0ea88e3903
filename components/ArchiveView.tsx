import type { ReactNode } from 'react'
import { ArchivePagination } from './ArchivePagination.tsx'
import { type ArticleCardData, ArticleCard } from './ArticleGrid.tsx'
import { useT } from './use-t.ts'

/** An archive page: a heading, one page of article cards and real links to every other page. */
export function ArchiveView({ title, ...listing }: { title: string } & Omit<ArchiveListingProps, 'level'>) {
  return (
    <section className="archive" aria-labelledby="archive-heading">
      <h1 id="archive-heading">{title}</h1>
      <ArchiveListing {...listing} level={2} />
    </section>
  )
}

export type ArchiveListingProps = { intro?: ReactNode; articles: ArticleCardData[]; base: string; page: number; pages: number; total: number; level: 2 | 3 }

/** One page of an archive under its heading: the count, the cards (headed one level below the archive's heading) and links to every other page. */
export function ArchiveListing({ intro, articles, base, page, pages, total, level }: ArchiveListingProps) {
  const t = useT()
  return (
    <>
      <p className="muted">
        {intro}
        {t('archive.articles', { count: total })}
        {pages > 1 ? t('archive.pageOf', { page, pages }) : ''}
      </p>
      {articles.length ? (
        <div className="grid">
          {articles.map((a) => (
            <ArticleCard key={a._id} article={a} level={level} />
          ))}
        </div>
      ) : (
        <p className="empty">{t('archive.noArticles')}</p>
      )}
      <ArchivePagination base={base} page={page} pages={pages} />
    </>
  )
}
