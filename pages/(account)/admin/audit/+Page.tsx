import { AdminOnly } from '../../../../components/account/AdminOnly.tsx'
import { AdminShell } from '../../../../components/account/AdminShell.tsx'
import { AdminNav } from '../../../../components/admin/AdminNav.tsx'
import { AuditPanel } from '../../../../components/admin/AuditPanel.tsx'

export default function Page() {
  return (
    <AdminShell>
      <a className="btn" href="/admin">
        ← Content admin
      </a>
      <AdminOnly>
        <AdminNav />
        <AuditPanel />
      </AdminOnly>
    </AdminShell>
  )
}
