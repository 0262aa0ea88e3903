import { AdminScreen } from '../../../../components/admin/AdminNav.tsx'
import { MarketsPanel } from '../../../../components/admin/MarketsPanel.tsx'

export default function Page() {
  return (
    <AdminScreen>
      <MarketsPanel />
    </AdminScreen>
  )
}
