import { useEffect, useSyncExternalStore } from 'react'
import type { Role } from '../../lib/roles.ts'

/**
 * The browser session (spec §3, §4): the access token lives in memory only, the refresh token in
 * sessionStorage. On start, an existing refresh token is exchanged for an access token; `loading`
 * stays true until that first attempt ends. A failed refresh clears the session.
 */
export const REFRESH_KEY = 'refreshToken'

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

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

function setTokens(accessToken: string, refreshToken?: string) {
  if (refreshToken) storage()?.setItem(REFRESH_KEY, refreshToken)
  set({ accessToken, user: userFrom(accessToken) })
}

function clear() {
  storage()?.removeItem(REFRESH_KEY)
  set({ accessToken: null, user: null })
}

let refreshing: Promise<boolean> | null = null

/** Exchanges the stored refresh token for a new access token; false (and a cleared session) if it cannot. */
export function refreshSession(): Promise<boolean> {
  // calls made together share one refresh
  refreshing ??= exchangeRefreshToken().finally(() => {
    refreshing = null
  })
  return refreshing
}

async function exchangeRefreshToken(): Promise<boolean> {
  const refreshToken = storage()?.getItem(REFRESH_KEY)
  if (!refreshToken) {
    clear()
    return false
  }
  try {
    const res = await fetch('/api/auth/refresh-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    })
    if (!res.ok) throw new Error(`refresh failed: ${res.status}`)
    setTokens((await res.json()).accessToken)
    return true
  } catch {
    clear() // spec §8: a failed token refresh logs the user out
    return false
  }
}

export async function startSession() {
  if (started) return
  started = true
  await refreshSession()
  set({ loading: false })
}

/** POST /api/auth/login; answers null on success, or the message to show. */
export async function login(username: string, password: string): Promise<string | null> {
  try {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
    if (res.status === 429) return ((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? 'Invalid credentials'
    if (!res.ok) return 'Invalid credentials' // spec §8
    const { accessToken, refreshToken } = await res.json()
    setTokens(accessToken, refreshToken)
    set({ loading: false })
    started = true
    return null
  } catch {
    return 'Invalid credentials'
  }
}

/** Clears both tokens and revokes the session on the server. */
export async function logout() {
  const refreshToken = storage()?.getItem(REFRESH_KEY)
  clear()
  if (refreshToken) {
    await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    }).catch(() => {})
  }
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
  for (const l of listeners) l()
}
