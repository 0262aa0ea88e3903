import type { ReactNode } from 'react'
import { useSession } from './session.ts'

/** Screens for admins only (Users, Media): an editor gets a clear page, and the server refuses them anyway (403). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSession()
  if (user?.role !== 'admin')
    return (
      <div className="error-page" data-testid="admin-only">
        <h2>Admins only</h2>
        <p>This screen needs an admin account.</p>
        <a className="btn" href="/admin">
          Back to the admin
        </a>
      </div>
    )
  return <>{children}</>
}
