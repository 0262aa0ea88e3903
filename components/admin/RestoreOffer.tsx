import { howLongAgo } from './unsaved.ts'

/** "Restore unsaved changes from 2 minutes ago?" with Restore and Discard them (a form's local copy, ./unsaved.ts). */
export function RestoreOffer({ at, onRestore, onDiscard }: { at: number; onRestore: () => void; onDiscard: () => void }) {
  return (
    <div className="notice restore-offer" role="status" data-testid="restore-offer">
      <p>Restore unsaved changes from {howLongAgo(at)}?</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onRestore}>
          Restore
        </button>
        <button type="button" className="btn" onClick={onDiscard}>
          Discard them
        </button>
      </div>
    </div>
  )
}
