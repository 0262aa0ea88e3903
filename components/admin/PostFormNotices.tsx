import { adminTime } from '../../lib/format.ts'
import type { AutosaveState } from './use-autosave.ts'
import { howLongAgo } from './unsaved.ts'

/**
 * "Restore unsaved changes from 5 minutes ago?": a copy of the form kept somewhere the form did not load
 * from — this browser (`local`), or an autosave on the server beside a live post (`server`, with who typed it).
 */
export function RestoreOffer({ from, at, by, onRestore, onDiscard }: { from: 'local' | 'server'; at: number; by?: string; onRestore: () => void; onDiscard: () => void }) {
  return (
    <div className="notice restore-offer" role="status" data-testid={from === 'local' ? 'restore-offer' : 'autosave-offer'}>
      <p>
        {from === 'local'
          ? `Restore unsaved changes from ${howLongAgo(at)}?`
          : `An autosave from ${adminTime(at, { seconds: true })}${by ? ` by ${by}` : ''} is newer than the live version. Load it? The live page changes only when you update it.`}
      </p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onRestore}>
          {from === 'local' ? 'Restore' : 'Load the autosave'}
        </button>
        <button type="button" className="btn" onClick={onDiscard}>
          {from === 'local' ? 'Discard them' : 'Keep the live version'}
        </button>
      </div>
    </div>
  )
}

/**
 * Beside the buttons: where the typed text is. "Unsaved changes" only while nothing holds it but this
 * browser; once the server has it, when, and whether readers see it yet.
 */
export function SaveState({ dirty, synced, autosave, button }: { dirty: boolean; synced: boolean; autosave: AutosaveState; button: string }) {
  let text: string | null = null
  if (autosave.state === 'saving' && dirty) text = 'Autosaving…'
  else if (autosave.state === 'failed' && dirty) text = `Unsaved changes: ${autosave.message}`
  else if (autosave.state === 'saved' && synced && dirty) {
    const at = adminTime(autosave.at, { seconds: true })
    text = autosave.applied ? `Draft autosaved at ${at}` : `Autosaved at ${at}: not on the live page until you press ${button}`
  } else if (dirty) text = 'Unsaved changes'
  return text ? (
    <span className="muted small" role="status" data-testid="save-state">
      {text}
    </span>
  ) : null
}
