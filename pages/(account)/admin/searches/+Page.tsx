import { AdminScreen } from '../../../../components/admin/AdminNav.tsx'
import { SearchesPanel } from '../../../../components/search-stats/SearchesPanel.tsx'

/** /admin/searches (issue 26): what readers search for, editors, managers and admins. */
export default function Page() {
  return (
    <AdminScreen reach="editor">
      <SearchesPanel />
    </AdminScreen>
  )
}
