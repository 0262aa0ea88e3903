import type { ReactNode } from 'react'
import { AdminOnly } from '../account/AdminOnly.tsx'
import { AdminShell } from '../account/AdminShell.tsx'
import { useSession } from '../account/session.ts'
import { hasRole } from '../../lib/roles.ts'

/** Screens only admins reach from the admin; editors see none of them (the server refuses them too). */
export const adminScreens = [
  { href: '/admin/users', label: 'Users' },
  { href: '/admin/markets', label: 'Markets' },
  { href: '/admin/media', label: 'Media library' },
  { href: '/admin/audit', label: 'Audit log' },
] as const

/** Screens editors and managers reach too (issue 21: which content earns; issue 26: what readers search for). */
export const editorScreens = [
  { href: '/admin/earnings', label: 'Earnings' },
  { href: '/admin/searches', label: 'Searches' },
] as const

export function AdminNav() {
  const { user } = useSession()
  if (!user || !hasRole(user.role, 'editor')) return null
  const screens = [...editorScreens, ...(hasRole(user.role, 'admin') ? adminScreens : [])]
  const here = typeof window === 'undefined' ? '' : window.location.pathname
  return (
    <nav className="admin-nav" aria-label="Admin screens">
      {screens.map((s) => (
        <a key={s.href} className="btn" href={s.href} aria-current={here === s.href ? 'page' : undefined}>
          {s.label}
        </a>
      ))}
    </nav>
  )
}

/**
 * One screen of the admin's navigation: the admin shell, a way back, and the screen. `reach` says who may
 * see it: admins only (Users, Markets, Media library, Audit log; the default), or every editor and up
 * (Earnings, Searches: the shell already refuses a `user`).
 */
export function AdminScreen({ children, reach = 'admin' }: { children: ReactNode; reach?: 'admin' | 'editor' }) {
  const screen = (
    <>
      <AdminNav />
      {children}
    </>
  )
  return (
    <AdminShell>
      <a className="btn" href="/admin">
        ← Content admin
      </a>
      {reach === 'admin' ? <AdminOnly>{screen}</AdminOnly> : screen}
    </AdminShell>
  )
}
