import { AccountBar } from '../../../components/account/AccountBar.tsx'
import { Protected } from '../../../components/account/Protected.tsx'
import { BrandAdminPanel } from '../../../components/brand-admin/BrandAdminPanel.tsx'
import { Reports } from '../../../components/brand-admin/Reports.tsx'

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
        <Reports />
      </div>
    </Protected>
  )
}
