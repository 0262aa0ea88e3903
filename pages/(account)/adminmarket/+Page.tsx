import { AccountBar } from '../../../components/account/AccountBar.tsx'
import { Protected } from '../../../components/account/Protected.tsx'
import { BrandAdminPanel } from '../../../components/brand-admin/BrandAdminPanel.tsx'

export default function Page() {
  return (
    <Protected>
      <div className="admin">
        <div className="admin-head">
          <h1>Admin Panel</h1>
          <AccountBar />
        </div>
        <button type="button" className="btn" onClick={() => window.history.back()}>
          ← Back
        </button>
        <BrandAdminPanel />
      </div>
    </Protected>
  )
}
