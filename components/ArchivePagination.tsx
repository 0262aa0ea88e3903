import { archivePath, pageLinks } from '../lib/archive.ts'
import { useMarketPath } from './market-path.ts'
import { useT } from './use-t.ts'

/** Real links, so a crawler (or anyone without JavaScript) reaches every page of a list. */
export function ArchivePagination({ base: logical, page, pages }: { base: string; page: number; pages: number }) {
  const base = useMarketPath()(logical)
  const t = useT()
  if (pages <= 1) return null
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {page > 1 && (
        <a className="btn" href={archivePath(base, page - 1)} rel="prev">
          {t('pagination.previous')}
        </a>
      )}
      {pageLinks(page, pages).map((l, i) =>
        'gap' in l ? (
          <span key={`gap-${i}`} className="gap" aria-hidden="true">
            …
          </span>
        ) : (
          <a key={l.page} className={`btn${l.page === page ? ' active' : ''}`} href={archivePath(base, l.page)} aria-current={l.page === page ? 'page' : undefined} aria-label={t('pagination.page', { page: l.page })}>
            {l.page}
          </a>
        ),
      )}
      {page < pages && (
        <a className="btn" href={archivePath(base, page + 1)} rel="next">
          {t('pagination.next')}
        </a>
      )}
    </nav>
  )
}
