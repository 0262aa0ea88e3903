import { AdminShell } from '../../../components/account/AdminShell.tsx'
import { BrandAdminPanel } from '../../../components/brand-admin/BrandAdminPanel.tsx'
import { DisclosurePanel } from '../../../components/brand-admin/DisclosurePanel.tsx'
import { Reports } from '../../../components/brand-admin/Reports.tsx'

export default function Page() {
  return (
    <AdminShell>
      <button type="button" className="btn" onClick={() => window.history.back()}>
        ← Back
      </button>
      <BrandAdminPanel />
      <Reports />
      <DisclosurePanel />
    </AdminShell>
  )
}
