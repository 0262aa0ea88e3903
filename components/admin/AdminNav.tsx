import { useSession } from '../account/session.ts'

/** Screens only admins reach from the admin; editors see none of them (the server refuses them too). */
export const adminScreens = [
  { href: '/admin/users', label: 'Users' },
  { href: '/admin/media', label: 'Media library' },
  { href: '/admin/audit', label: 'Audit log' },
] as const

export function AdminNav() {
  const { user } = useSession()
  if (user?.role !== 'admin') return null
  return (
    <nav className="admin-nav" aria-label="Admin screens">
      {adminScreens.map((s) => (
        <a key={s.href} className="btn" href={s.href}>
          {s.label}
        </a>
      ))}
    </nav>
  )
}
