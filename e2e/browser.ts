import { type Browser, chromium, type Page } from 'playwright-core'

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100'
export const DATA_DIR = process.env.E2E_DATA_DIR ?? ''
/** A person's browser: headless Chrome announces itself and is (rightly) counted as a bot. */
export const PERSON_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'

// Debian's Chromium (DESIGN.md pitfalls): no downloaded browser, no background networking on this closed network.
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  })
}

export const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'e2e_admin', password: process.env.ADMIN_PASSWORD ?? '' }

/** Logs in through the login form, as a person would. */
export async function logIn(page: Page, who: { username: string; password: string } = ADMIN) {
  await page.goto(`${BASE_URL}/login`)
  await page.getByLabel('Username').fill(who.username)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Login' }).click()
}
