import { campaignKinds, customEventCodes, goalsByKind, kindLabel, standardEventCodes } from '../../lib/event-codes.ts'
import type { BrandDraft } from './draft.ts'
import { Options } from '../admin/Options.tsx'

/** Campaign type and goal (spec §2, §5: 'App - {goal}' or 'Web - {goal}'), with the event codes for reference. */
export function CampaignFields({ d, set }: { d: Pick<BrandDraft, 'kind' | 'goal'>; set: (patch: Partial<BrandDraft>) => void }) {
  return (
    <>
      <div className="grid-2">
        <label>
          Campaign Type
          <select name="campaignType" required value={d.kind} onChange={(e) => set({ kind: e.target.value as BrandDraft['kind'], goal: '' })}>
            <option value="">Choose…</option>
            <Options values={campaignKinds} label={(k) => kindLabel[k]} />
          </select>
        </label>
        {d.kind && (
          <label>
            Goal
            <select required value={d.goal} onChange={(e) => set({ goal: e.target.value })}>
              <option value="">Choose…</option>
              <Options values={goalsByKind[d.kind]} label={(g) => `${kindLabel[d.kind as 'app' | 'web']} - ${g}`} />
            </select>
          </label>
        )}
      </div>
      <details className="entities">
        <summary>Entities: reference event codes</summary>
        <div className="grid-2">
          <ul>
            {standardEventCodes.map((e) => (
              <li key={e.code}>
                <code>{e.code}</code> {e.name}
              </li>
            ))}
          </ul>
          <ul>
            {customEventCodes.map((e) => (
              <li key={e.code}>
                <code>{e.code}</code> {e.name}
              </li>
            ))}
          </ul>
        </div>
      </details>
    </>
  )
}
