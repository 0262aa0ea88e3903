import type { Publishing } from '../../lib/publishing.ts'
import { statusBadge } from './publishing.ts'

/** "Draft" or "Scheduled · …" beside an item in the admin's lists; nothing for a published one. */
export function StatusBadge({ item }: { item: Publishing }) {
  const text = statusBadge(item)
  return text ? (
    <span className="badge status-badge" data-testid="status-badge">
      {text}
    </span>
  ) : null
}
