import { navigate } from 'vike/client/router'
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
        <button type="button" className="btn btn-primary" onClick={() => void navigate('/adminmarket')}>
          Go to Admin Market
        </button>
        <p className="muted">The content editor (Hero, Featured, Articles, ArticleBottom) is being built; brand pages are managed in the Admin Market.</p>
      </div>
    </Protected>
  )
}
