import { AccountBar } from '../../../components/account/AccountBar.tsx'
import { Protected } from '../../../components/account/Protected.tsx'
import { AdminPanel } from '../../../components/admin/AdminPanel.tsx'

export default function Page() {
  return (
    <Protected>
      <div className="admin">
        <div className="admin-head">
          <h1>Admin Panel</h1>
          <AccountBar />
        </div>
        <AdminPanel />
      </div>
    </Protected>
  )
}
