import type { ReactNode } from 'react'
import { adminTimeZone } from '../../lib/format.ts'
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
        {/* every time in the admin is the editor's own (lib/format.ts adminTime): said once, here */}
        <p className="muted small admin-zone" data-testid="admin-zone">
          Times are in your time zone, {adminTimeZone()}.
        </p>
        {children}
      </div>
    </Protected>
  )
}
