import { Modal } from './Modal.tsx'
import { useT } from './use-t.ts'
import type { Translate } from '../lib/i18n/index.ts'

/** The spec's modal text for an item without a page (`name`: the item as the page's language says it). */
export function comingSoonText(t: Translate, name: string, group?: string) {
  return group === 'about' || group === 'legal' ? t('footer.comingSoonPage', { item: name }) : t('footer.comingSoon', { item: name })
}

/**
 * The footer's "coming soon" modal (spec §2) for an item without a page. A chunk of its own, with its words:
 * only a visitor who presses such an item downloads it (issue 37).
 */
export default function ComingSoonModal({ item, group, onClose }: { item: string; group?: string; onClose: () => void }) {
  const t = useT()
  return (
    <Modal title={item} onClose={onClose}>
      <p>{comingSoonText(t, item, group)}</p>
    </Modal>
  )
}
