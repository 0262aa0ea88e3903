import { AdminScreen } from '../../../../components/admin/AdminNav.tsx'
import { MediaPanel } from '../../../../components/admin/MediaPanel.tsx'

export default function Page() {
  return (
    <AdminScreen>
      <MediaPanel />
    </AdminScreen>
  )
}
