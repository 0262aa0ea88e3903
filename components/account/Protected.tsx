import { type ReactNode, useEffect } from 'react'
import { navigate } from 'vike/client/router'
import { loginHref } from '../../lib/next-path.ts'
import { hasRole } from '../../lib/roles.ts'
import { endedByLogout, logout, useSession } from './session.ts'

// the login comes back here, to the post, report or screen this address names (unless the editor just logged out)
const toLogin = () => navigate(endedByLogout() ? '/login' : loginHref(window.location.pathname + window.location.search), { overwriteLastHistoryEntry: true })

/**
 * Spec §2: 'Loading...' while the session loads; with no access token, off to /login replacing the
 * history entry, with `?next=` naming this address. An account without editor rights gets a clear page,
 * not a broken panel.
 */
export function Protected({ children, redirect = toLogin }: { children: ReactNode; redirect?: () => unknown }) {
  const { loading, accessToken, user } = useSession()
  useEffect(() => {
    if (!loading && !accessToken) void redirect()
  }, [loading, accessToken, redirect])

  if (loading || !accessToken) return <p className="empty">Loading...</p>
  if (!user || !hasRole(user.role, 'editor')) {
    return (
      <div className="error-page" data-testid="no-access">
        <h1>No editor access</h1>
        <p>
          You are logged in as <strong>{user?.username}</strong>, but this account has no editor access. Ask an admin to give
          it the editor role.
        </p>
        <button type="button" className="btn" onClick={() => void logout({ byUser: true })}>
          Logout
        </button>
      </div>
    )
  }
  return <>{children}</>
}
