import { navigate } from 'vike/client/router'
import { logout, useSession } from './session.ts'

/** Who is logged in, and the way out. */
export function AccountBar() {
  const { user } = useSession()
  return (
    <div className="account-bar">
      <span className="muted small">
        Logged in as <strong>{user?.username}</strong> ({user?.role})
      </span>
      <button
        type="button"
        className="btn"
        onClick={async () => {
          await logout({ byUser: true })
          await navigate('/login')
        }}
      >
        Logout
      </button>
    </div>
  )
}
