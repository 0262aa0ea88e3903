import { AdminScreen } from '../../../../components/admin/AdminNav.tsx'
import { EarningsPanel } from '../../../../components/earnings/EarningsPanel.tsx'

/** /admin/earnings (issue 21): editors, managers and admins (managers and admins also import rates there). */
export default function Page() {
  return (
    <AdminScreen reach="editor">
      <EarningsPanel />
    </AdminScreen>
  )
}
