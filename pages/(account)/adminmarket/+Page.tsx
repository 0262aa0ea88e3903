import { AdminShell } from '../../../components/account/AdminShell.tsx'
import { BrandAdminPanel } from '../../../components/brand-admin/BrandAdminPanel.tsx'
import { DisclosurePanel } from '../../../components/brand-admin/DisclosurePanel.tsx'
import { Reports } from '../../../components/brand-admin/Reports.tsx'
import { leaveThen } from '../../../components/admin/unsaved.ts'

export default function Page() {
  return (
    <AdminShell>
      {/* spec §2: back one history step; typed text is asked about first (issue 32) */}
      <button type="button" className="btn" onClick={() => leaveThen(() => window.history.back())}>
        ← Back
      </button>
      <BrandAdminPanel />
      <Reports />
      <DisclosurePanel />
    </AdminShell>
  )
}
