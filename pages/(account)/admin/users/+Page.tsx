import { AdminScreen } from '../../../../components/admin/AdminNav.tsx'
import { UsersPanel } from '../../../../components/admin/UsersPanel.tsx'

export default function Page() {
  return (
    <AdminScreen>
      <UsersPanel />
    </AdminScreen>
  )
}
