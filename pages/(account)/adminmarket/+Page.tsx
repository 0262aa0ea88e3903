import { AccountBar } from '../../../components/account/AccountBar.tsx'
import { Protected } from '../../../components/account/Protected.tsx'

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
        <h2>Brand Admin Panel</h2>
        <p className="muted">The brand page editor is being built.</p>
      </div>
    </Protected>
  )
}
