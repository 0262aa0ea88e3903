import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * One date format across the admin: every time an admin screen shows goes through lib/format.ts
 * `adminTime` (Intl, the editor's time zone, stated once at the top of each screen). Before, five formats
 * were in use ("28/11/2026", "Nov 28, 2026, 11:23 PM", "Sat, 28 November 2026, 23:23", a UTC ISO slice,
 * a public page's day). This reads the admin's sources for any other way of writing a date.
 */
const ADMIN_DIRS = ['components/admin', 'components/brand-admin', 'components/earnings', 'components/account', 'components/search-stats']
const OTHER_FORMATS = [/\.toLocale(Date|Time)?String\(/, /new Intl\.DateTimeFormat\(/, /toISOString\(\)\.slice\(0, 1[69]\)/, /\bformatDay\(/]

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

describe('one date format across the admin', () => {
  it('no admin screen formats a date or time but through adminTime', () => {
    const offenders = ADMIN_DIRS.flatMap(sources).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (OTHER_FORMATS.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    )
    expect(offenders).toEqual([])
  })
})
