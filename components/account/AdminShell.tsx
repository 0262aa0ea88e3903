import type { ReactNode } from 'react'
import { AccountBar } from './AccountBar.tsx'
import { Protected } from './Protected.tsx'

/** The frame of both admin pages: the session guard, the 'Admin Panel' title and the account bar. */
export function AdminShell({ children }: { children: ReactNode }) {
  return (
    <Protected>
      <div className="admin">
        <div className="admin-head">
          <h1>Admin Panel</h1>
          <AccountBar />
        </div>
        {children}
      </div>
    </Protected>
  )
}
