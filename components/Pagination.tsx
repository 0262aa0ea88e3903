import { useT } from './use-t.ts'
export function Pagination({ page, pages, onChange }: { page: number; pages: number; onChange: (p: number) => void }) {
  const t = useT()
  if (pages <= 1) return null
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <button type="button" className="btn" disabled={page === 1} onClick={() => onChange(page - 1)}>
        {t('pagination.previous')}
      </button>
      {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
        <button key={p} type="button" className={`btn${p === page ? ' active' : ''}`} aria-current={p === page ? 'page' : undefined} onClick={() => onChange(p)}>
          {p}
        </button>
      ))}
      <button type="button" className="btn" disabled={page === pages} onClick={() => onChange(page + 1)}>
        {t('pagination.next')}
      </button>
    </nav>
  )
}
