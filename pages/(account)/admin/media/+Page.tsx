import { AdminOnly } from '../../../../components/account/AdminOnly.tsx'
import { AdminShell } from '../../../../components/account/AdminShell.tsx'
import { AdminNav } from '../../../../components/admin/AdminNav.tsx'
import { MediaPanel } from '../../../../components/admin/MediaPanel.tsx'

export default function Page() {
  return (
    <AdminShell>
      <a className="btn" href="/admin">
        ← Content admin
      </a>
      <AdminOnly>
        <AdminNav />
        <MediaPanel />
      </AdminOnly>
    </AdminShell>
  )
}
