import { AdminShell } from '../../../components/account/AdminShell.tsx'
import { AdminPanel } from '../../../components/admin/AdminPanel.tsx'

export default function Page() {
  return (
    <AdminShell>
      <AdminPanel />
    </AdminShell>
  )
}
