import { useEffect, useSyncExternalStore } from 'react'
import type { Role } from '../../lib/roles.ts'

/**
 * The browser session (spec §3, §4): the access token lives in memory only; the refresh token is kept
 * "for the browser session" by the server, as an HttpOnly cookie every tab shares (server/routes/auth-cookie.ts),
 * so a new tab, a reload or a restored browser session stays signed in and no script can read it. On
 * start, when the server's readable hint says such a cookie was set, it is exchanged for an access
 * token; `loading` stays true until that first attempt ends. A failed refresh clears the session.
 */
export const SIGNED_IN_COOKIE = 'gw_signed_in'
/** Where the refresh token used to live (one tab's storage): removed if an older version left one there. */
const OLD_REFRESH_KEY = 'refreshToken'

export type SessionUser = { username: string; role: Role }
export type SessionState = { loading: boolean; accessToken: string | null; user: SessionUser | null }

const initial: SessionState = { loading: true, accessToken: null, user: null }
let state: SessionState = initial
let started = false
const listeners = new Set<() => void>()

function set(next: Partial<SessionState>) {
  state = { ...state, ...next }
  for (const l of listeners) l()
}

function claimsOf(token: string): Record<string, unknown> | null {
  try {
    return JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')))
  } catch {
    return null
  }
}

function userFrom(token: string): SessionUser | null {
  const claims = claimsOf(token)
  return claims ? { username: String(claims.username ?? ''), role: (claims.role as SessionUser['role']) ?? 'user' } : null
}

// a little early: the server's clock may run ahead of the browser's
const REFRESH_EARLY_MS = 30_000

/** Whether the access token's `exp` has passed (or nearly): a token that cannot be read is sent as it is. */
function expired(token: string): boolean {
  const exp = claimsOf(token)?.exp
  return typeof exp === 'number' && exp * 1000 - REFRESH_EARLY_MS <= Date.now()
}

/** Whether the server said a refresh cookie was set (the cookie itself is HttpOnly: no script sees it). */
function signedInHint(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(/;\s*/).includes(`${SIGNED_IN_COOKIE}=1`)
}

function forgetOldStorage() {
  try {
    window.sessionStorage.removeItem(OLD_REFRESH_KEY)
  } catch {
    // storage switched off: nothing was kept there
  }
}

function setAccessToken(accessToken: string) {
  set({ accessToken, user: userFrom(accessToken) })
}

function clear() {
  // the hint goes here too, so the next page does not ask; the server clears both cookies when it refuses or logs out
  if (typeof document !== 'undefined') document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0; samesite=strict`
  set({ accessToken: null, user: null })
}

/** A POST to one of the session cookie's routes: JSON, so the server knows this site's own script sent it. */
const cookiePost = (path: string) => fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: '{}' })

let refreshing: Promise<boolean> | null = null

/** Exchanges the session cookie for a new access token; false (and a cleared session) if it cannot. */
export function refreshSession(): Promise<boolean> {
  // calls made together share one refresh
  refreshing ??= exchangeRefreshToken().finally(() => {
    refreshing = null
  })
  return refreshing
}

async function exchangeRefreshToken(): Promise<boolean> {
  if (!signedInHint()) {
    clear()
    return false
  }
  try {
    const res = await cookiePost('/api/auth/refresh-token')
    if (!res.ok) throw new Error(`refresh failed: ${res.status}`)
    setAccessToken((await res.json()).accessToken)
    return true
  } catch {
    clear() // spec §8: a failed token refresh logs the user out
    return false
  }
}

export async function startSession() {
  if (started) return
  started = true
  forgetOldStorage()
  await refreshSession()
  set({ loading: false })
}

/** POST /api/auth/login; answers null on success, or the message to show. */
export async function login(username: string, password: string): Promise<string | null> {
  try {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
    if (res.status === 429) return ((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? 'Invalid credentials'
    if (!res.ok) return 'Invalid credentials' // spec §8
    // the refresh token stays where the server put it, in the session cookie: the body's copy is for API clients
    const { accessToken } = await res.json()
    leftOnPurpose = false
    setAccessToken(accessToken)
    forgetOldStorage()
    set({ loading: false })
    started = true
    return null
  } catch {
    return 'Invalid credentials'
  }
}

let leftOnPurpose = false

/** Whether the session ended by the editor's own Logout (the login then starts afresh), not by expiring under them. */
export const endedByLogout = () => leftOnPurpose

/**
 * Clears both tokens: the access token here, the session (and its cookie, in every tab) on the server.
 * `byUser`: the editor pressed Logout (not a session that died under a request).
 */
export async function logout(opts: { byUser?: boolean } = {}) {
  const hadSession = signedInHint() || state.accessToken !== null
  leftOnPurpose = opts.byUser === true
  // the server's answer clears the HttpOnly refresh cookie and revokes the session: asked before the page
  // lets go of the session, so nothing shows 'logged out' (and /login) while the cookie still logs in
  // (a tab closed in that moment kept a working session)
  if (hadSession) await cookiePost('/api/auth/logout').catch(() => {})
  clear()
}

/**
 * fetch with the bearer token; a 401 triggers one refresh and one retry, then logout (issue 3). A token
 * past its `exp` is refreshed before it is sent: a public route answers an expired token as it answers
 * anyone (issue 24), so the admin's read of GET /api/posts/blog-content would quietly lose its drafts.
 */
export async function authFetch(input: string, init: RequestInit = {}): Promise<Response> {
  if (state.accessToken && expired(state.accessToken)) await refreshSession()
  const send = () => {
    const headers = new Headers(init.headers)
    if (state.accessToken) headers.set('authorization', `Bearer ${state.accessToken}`)
    return fetch(input, { ...init, headers })
  }
  const res = await send()
  if (res.status !== 401) return res
  if (!(await refreshSession())) return res
  const retry = await send()
  if (retry.status === 401) await logout()
  return retry
}

export function useSession(): SessionState {
  const snapshot = useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => state,
    () => initial,
  )
  useEffect(() => {
    void startSession()
  }, [])
  return snapshot
}

/** For tests: forget everything, as a new page load would. */
export function resetSessionForTests() {
  state = initial
  started = false
  leftOnPurpose = false
  for (const l of listeners) l()
}
