// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LoginForm } from './LoginForm.tsx'
import { Protected } from './Protected.tsx'
import { authFetch, logout, resetSessionForTests, SIGNED_IN_COOKIE, useSession } from './session.ts'
import { SIGNUP_REDIRECT_MS, SignupForm } from './SignupForm.tsx'

const jwt = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`
const EDITOR = jwt({ username: 'ed', role: 'editor' })
const USER = jwt({ username: 'pat', role: 'user' })
const MANAGER = jwt({ username: 'mia', role: 'manager' })

function mockFetch(routes: Record<string, (init?: RequestInit) => Response | Promise<Response>>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const handler = routes[String(input)]
    if (!handler) throw new TypeError(`unexpected fetch ${String(input)}`)
    return handler(init)
  })
}

function SessionProbe() {
  const s = useSession()
  return <p data-testid="probe">{s.loading ? 'loading' : s.accessToken ? `in:${s.user?.username}` : 'out'}</p>
}

/** What the server's login leaves in the browser that a script can see: the hint beside the HttpOnly refresh cookie. */
const signedInBefore = () => {
  document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`
}
const hint = () => document.cookie.includes(`${SIGNED_IN_COOKIE}=1`)

beforeEach(() => {
  sessionStorage.clear()
  document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0`
  resetSessionForTests()
})
afterEach(() => vi.useRealTimers())

describe('session (spec §3, §4)', () => {
  it('is loading until the first refresh ends, then logged out without a session cookie (and never asked the server)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    render(<SessionProbe />)
    expect(screen.getByTestId('probe').textContent).toBe('loading')
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('out'))
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('exchanges the session cookie (a JSON POST) for an access token kept in memory only', async () => {
    signedInBefore()
    sessionStorage.setItem('refreshToken', 'left by an older version')
    const fetchSpy = mockFetch({ '/api/auth/refresh-token': () => Response.json({ accessToken: EDITOR }) })
    render(<SessionProbe />)
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('in:ed'))
    const init = fetchSpy.mock.calls[0][1]!
    expect(init.method).toBe('POST')
    expect(init.credentials).toBe('same-origin')
    expect(new Headers(init.headers).get('content-type')).toBe('application/json')
    expect(init.body).toBe('{}') // the cookie carries the token: nothing of it in script
    expect(sessionStorage.length).toBe(0)
    expect(localStorage.length).toBe(0)
  })

  it('clears the session when the refresh fails', async () => {
    signedInBefore()
    mockFetch({ '/api/auth/refresh-token': () => Response.json({ message: 'no' }, { status: 401 }) })
    render(<SessionProbe />)
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('out'))
    expect(hint()).toBe(false)
  })

  it('authFetch sends the bearer token, refreshes once on 401 and retries, then logs out if still refused', async () => {
    signedInBefore()
    let refreshes = 0
    const seen: (string | null)[] = []
    const spy = mockFetch({
      '/api/auth/refresh-token': () => Response.json({ accessToken: refreshes++ === 0 ? EDITOR : jwt({ username: 'ed', role: 'editor', n: 2 }) }),
      '/api/thing': (init) => {
        seen.push(new Headers(init?.headers).get('authorization'))
        return new Response(null, { status: 401 })
      },
      '/api/auth/logout': () => Response.json({ ok: true }),
    })
    render(<SessionProbe />)
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('in:ed'))
    let res!: Response
    await act(async () => {
      res = await authFetch('/api/thing', { method: 'POST' })
    })
    expect(res.status).toBe(401)
    expect(seen).toHaveLength(2) // one try, one retry after one refresh
    expect(seen[0]).toBe(`Bearer ${EDITOR}`)
    expect(seen[1]).not.toBe(seen[0])
    expect(screen.getByTestId('probe').textContent).toBe('out')
    expect(hint()).toBe(false)
    expect(spy.mock.calls.map((c) => String(c[0]))).toContain('/api/auth/logout') // the server clears the cookie and revokes the session
  })

  it('logout lets go of the session only once the server has answered (its answer clears the refresh cookie)', async () => {
    signedInBefore()
    let answer!: () => void
    mockFetch({
      '/api/auth/refresh-token': () => Response.json({ accessToken: EDITOR }),
      '/api/auth/logout': () => new Promise<Response>((resolve) => (answer = () => resolve(Response.json({ ok: true })))),
    })
    render(<SessionProbe />)
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('in:ed'))
    let done = false
    act(() => void logout({ byUser: true }).then(() => (done = true)))
    await waitFor(() => expect(answer).toBeTypeOf('function'))
    await new Promise((r) => setTimeout(r, 20))
    // the request is out, its answer (the cookie's end) not in yet: still logged in, so nothing navigates to /login
    expect(screen.getByTestId('probe').textContent).toBe('in:ed')
    await act(async () => answer())
    await waitFor(() => expect(done).toBe(true))
    expect(screen.getByTestId('probe').textContent).toBe('out')
    expect(hint()).toBe(false)
  })

  it('authFetch refreshes a token past its exp before sending it, once for calls made together (issue 24: public routes ignore it)', async () => {
    signedInBefore()
    const now = Math.floor(Date.now() / 1000)
    const stale = jwt({ username: 'ed', role: 'editor', exp: now - 60 })
    const fresh = jwt({ username: 'ed', role: 'editor', exp: now + 900 })
    let refreshes = 0
    const seen: (string | null)[] = []
    mockFetch({
      '/api/auth/refresh-token': () => Response.json({ accessToken: refreshes++ === 0 ? stale : fresh }),
      // a public route: an expired token is answered as anyone's, never with a 401
      '/api/posts/blog-content?limit=1': (init) => {
        seen.push(new Headers(init?.headers).get('authorization'))
        return Response.json({ hero: null })
      },
    })
    render(<SessionProbe />)
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('in:ed'))
    await act(async () => {
      await Promise.all([authFetch('/api/posts/blog-content?limit=1'), authFetch('/api/posts/blog-content?limit=1')])
    })
    expect(refreshes).toBe(2) // the session's start, then one refresh for both calls
    expect(seen).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`])
    // a token that is still good is sent as it is
    await act(async () => {
      await authFetch('/api/posts/blog-content?limit=1')
    })
    expect(refreshes).toBe(2)
  })
})

describe('Protected (spec §2)', () => {
  it("shows 'Loading...' while the session loads, then redirects to /login with no token", async () => {
    const redirect = vi.fn()
    render(
      <Protected redirect={redirect}>
        <p>secret panel</p>
      </Protected>,
    )
    expect(screen.getByText('Loading...')).toBeTruthy()
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1))
    expect(screen.queryByText('secret panel')).toBeNull()
  })

  it('renders the panel for an editor', async () => {
    signedInBefore()
    mockFetch({ '/api/auth/refresh-token': () => Response.json({ accessToken: EDITOR }) })
    const redirect = vi.fn()
    render(
      <Protected redirect={redirect}>
        <p>secret panel</p>
      </Protected>,
    )
    await screen.findByText('secret panel')
    expect(redirect).not.toHaveBeenCalled()
  })

  it('renders the panel for a brand/revenue manager (a manager has every editor right)', async () => {
    signedInBefore()
    mockFetch({ '/api/auth/refresh-token': () => Response.json({ accessToken: MANAGER }) })
    render(
      <Protected redirect={vi.fn()}>
        <p>secret panel</p>
      </Protected>,
    )
    await screen.findByText('secret panel')
    expect(screen.queryByTestId('no-access')).toBeNull()
  })

  it('tells a user without editor rights so, instead of the panel', async () => {
    signedInBefore()
    mockFetch({ '/api/auth/refresh-token': () => Response.json({ accessToken: USER }) })
    render(
      <Protected redirect={vi.fn()}>
        <p>secret panel</p>
      </Protected>,
    )
    expect((await screen.findByTestId('no-access')).textContent).toContain('no editor access')
    expect(screen.queryByText('secret panel')).toBeNull()
  })
})

describe('LoginForm', () => {
  const fill = (u: string, p: string) => {
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: u } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: p } })
    fireEvent.click(screen.getByRole('button', { name: 'Login' }))
  }
  it("shows 'Invalid credentials' on failure", async () => {
    mockFetch({ '/api/auth/login': () => Response.json({ message: 'Invalid credentials' }, { status: 401 }) })
    const onSuccess = vi.fn()
    render(<LoginForm onSuccess={onSuccess} />)
    fill('ed', 'wrong')
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials')
    expect(onSuccess).not.toHaveBeenCalled()
  })
  it('keeps no refresh token where a script can read it (the server set the cookie) and goes on when it succeeds', async () => {
    mockFetch({ '/api/auth/login': () => Response.json({ accessToken: EDITOR, refreshToken: 'rt-new' }) })
    const onSuccess = vi.fn()
    render(<LoginForm onSuccess={onSuccess} />)
    fill('ed', 'right password')
    await waitFor(() => expect(onSuccess).toHaveBeenCalled())
    expect(JSON.stringify({ ...sessionStorage, ...localStorage })).not.toContain('rt-new')
  })
})

describe('SignupForm (spec §4, §5, §8)', () => {
  const fill = (password: string, confirm: string) => {
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'newbie' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirm } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
  }
  it("says 'Passwords do not match' without calling the server", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    render(<SignupForm onRedirect={vi.fn()} />)
    fill('one password', 'another one')
    expect((await screen.findByRole('alert')).textContent).toBe('Passwords do not match')
    expect(fetchSpy).not.toHaveBeenCalled()
  })
  it("shows the server's message, or 'Failed to create account' without one", async () => {
    const spy = mockFetch({ '/api/auth/signup': () => Response.json({ message: 'Username is already taken' }, { status: 409 }) })
    const { unmount } = render(<SignupForm onRedirect={vi.fn()} />)
    fill('long password', 'long password')
    expect((await screen.findByRole('alert')).textContent).toBe('Username is already taken')
    unmount()
    spy.mockImplementation(async () => new Response('oops', { status: 500 }))
    render(<SignupForm onRedirect={vi.fn()} />)
    fill('long password', 'long password')
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create account')
  })
  it("shows 'Server error' on a network failure", async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('network down'))
    render(<SignupForm onRedirect={vi.fn()} />)
    fill('long password', 'long password')
    expect((await screen.findByRole('alert')).textContent).toBe('Server error')
  })
  it('announces success and redirects to /login after 2000 ms', async () => {
    mockFetch({ '/api/auth/signup': () => Response.json({ ok: true }, { status: 201 }) })
    const onRedirect = vi.fn()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    render(<SignupForm onRedirect={onRedirect} />)
    fill('long password', 'long password')
    // let the (mocked) request settle and React commit, using a task source the fake clock leaves alone
    for (let i = 0; i < 5 && !screen.queryByRole('status'); i++) await act(() => new Promise<void>((r) => setImmediate(r)))
    expect(screen.getByRole('status').textContent).toBe('Account created successfully! Redirecting to login...')
    expect(vi.getTimerCount()).toBe(1)
    act(() => vi.advanceTimersByTime(SIGNUP_REDIRECT_MS - 1))
    expect(onRedirect).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onRedirect).toHaveBeenCalledTimes(1)
  })

})
