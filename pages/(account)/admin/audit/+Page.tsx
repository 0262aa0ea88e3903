import { AdminScreen } from '../../../../components/admin/AdminNav.tsx'
import { AuditPanel } from '../../../../components/admin/AuditPanel.tsx'

export default function Page() {
  return (
    <AdminScreen>
      <AuditPanel />
    </AdminScreen>
  )
}
