import { useSession } from '../account/session.ts'
import { formatAmounts } from './format.ts'

/** Who may import exchange rates (the rates route's rule). */
export const canImportRates = (role: string | undefined) => role === 'admin' || role === 'manager'

/**
 * Revenue no exchange rate converts yet: never dropped, never shown as zero, but apart, with what fixes
 * it (importing rates for its days). Nothing when every amount converted.
 */
export function Unconverted({ amounts, currency }: { amounts: Record<string, number>; currency: string }) {
  const { user } = useSession()
  const text = formatAmounts(amounts)
  if (!text) return null
  return (
    <p className="notice unconverted" data-testid="unconverted">
      Also earned, not in these {currency} totals: <strong>{text}</strong> — no exchange rate for their days yet.{' '}
      {canImportRates(user?.role) ? <a href="/admin/earnings#rates">Import rates</a> : 'An admin or manager can import rates on the Earnings screen.'}
    </p>
  )
}
