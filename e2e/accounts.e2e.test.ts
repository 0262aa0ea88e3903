import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, BASE_URL, launchBrowser, logIn } from './browser.ts'

const PLAYER = { username: `player_${Date.now().toString(36)}`, password: 'player password 1' }

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  return context.newPage()
}


describe('accounts (Chromium)', () => {
  it('sign-up refuses mismatched passwords', async () => {
    const page = await newPage()
    await page.goto(`${BASE_URL}/signup`)
    await page.getByLabel('Username').fill('mismatch_user')
    await page.getByLabel('Password', { exact: true }).fill('one password')
    await page.getByLabel('Confirm password').fill('another password')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Passwords do not match')
    await page.context().close()
  })

  it('sign-up succeeds and lands on /login after the delay', async () => {
    const page = await newPage()
    await page.goto(`${BASE_URL}/signup`)
    await page.getByLabel('Username').fill(PLAYER.username)
    await page.getByLabel('Password', { exact: true }).fill(PLAYER.password)
    await page.getByLabel('Confirm password').fill(PLAYER.password)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Account created successfully! Redirecting to login...')
    expect(page.url()).toBe(`${BASE_URL}/signup`)
    await page.waitForURL(`${BASE_URL}/login`, { timeout: 5_000 })
    await page.context().close()
  })

  it("a wrong login shows 'Invalid credentials'", async () => {
    const page = await newPage()
    await logIn(page, { username: ADMIN.username, password: 'not the password' })
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid credentials')
    expect(page.url()).toBe(`${BASE_URL}/login`)
    await page.context().close()
  })

  it('an admin logs in to /admin, stays logged in across a reload, and logs out', async () => {
    const page = await newPage()
    await logIn(page, ADMIN)
    await page.waitForURL(`${BASE_URL}/admin`)
    await expect.poll(() => page.getByRole('heading', { name: 'Admin Panel' }).isVisible()).toBe(true)
    // the refresh token is an HttpOnly cookie of the browser session: in neither storage, and no script sees it
    expect(await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage), document.cookie].join(' '))).not.toMatch(/refresh/i)

    await page.reload()
    await expect.poll(() => page.getByRole('heading', { name: 'Admin Panel' }).isVisible()).toBe(true)
    expect(page.url()).toBe(`${BASE_URL}/admin`)

    await page.getByRole('button', { name: 'Go to Admin Market' }).click()
    await page.waitForURL(`${BASE_URL}/adminmarket`)
    await expect.poll(() => page.getByRole('heading', { name: 'Brand Admin Panel' }).isVisible()).toBe(true)

    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL(`${BASE_URL}/login`)
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('gw_refresh')
    await page.goto(`${BASE_URL}/admin`)
    await page.waitForURL(`${BASE_URL}/login`)
    await page.context().close()
  })

  it('without a session, /admin redirects to /login replacing the history entry', async () => {
    const page = await newPage()
    await page.goto(`${BASE_URL}/`)
    await page.goto(`${BASE_URL}/admin`)
    await page.waitForURL(`${BASE_URL}/login`)
    await page.goBack()
    await page.waitForURL(`${BASE_URL}/`)
    await page.context().close()
  })

  it('a user account sees the no-access page, not the panel', async () => {
    const page = await newPage()
    await logIn(page, PLAYER)
    await page.waitForURL(`${BASE_URL}/admin`)
    await expect.poll(() => page.getByTestId('no-access').isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Go to Admin Market' }).count()).toBe(0)
    await page.context().close()
  })
})
