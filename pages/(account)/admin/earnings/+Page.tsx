import { AdminShell } from '../../../../components/account/AdminShell.tsx'
import { AdminNav } from '../../../../components/admin/AdminNav.tsx'
import { EarningsPanel } from '../../../../components/earnings/EarningsPanel.tsx'

/** /admin/earnings (issue 21): editors and admins. */
export default function Page() {
  return (
    <AdminShell>
      <a className="btn" href="/admin">
        ← Content admin
      </a>
      <AdminNav />
      <EarningsPanel />
    </AdminShell>
  )
}
