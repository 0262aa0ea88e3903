import { AdminScreen } from '../../../../components/admin/AdminNav.tsx'
import { EarningsPanel } from '../../../../components/earnings/EarningsPanel.tsx'

/** /admin/earnings (issue 21): editors and admins. */
export default function Page() {
  return (
    <AdminScreen>
      <EarningsPanel />
    </AdminScreen>
  )
}
