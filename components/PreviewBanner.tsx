import { STATUS_LABELS, statusOf, type Publishing } from '../lib/publish-status.ts'

/** Shown above an editor's preview (issue 13): what visitors cannot see yet, and why. */
export function PreviewBanner({ item }: { item: Publishing }) {
  const status = statusOf(item)
  const when = status === 'scheduled' && item.publishAt ? ` It goes live on ${new Date(item.publishAt).toUTCString()}.` : ''
  return (
    <p className="preview-banner" role="status" data-testid="preview-banner">
      <strong>Preview ({STATUS_LABELS[status]}).</strong>{' '}
      {status === 'published' ? 'This is the published version.' : `Visitors cannot see this page yet.${when}`}
    </p>
  )
}
