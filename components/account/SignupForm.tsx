import { type FormEvent, useEffect, useState } from 'react'
import { navigate } from 'vike/client/router'
import { CredentialFields } from './CredentialFields.tsx'

export const SIGNUP_REDIRECT_MS = 2000 // spec §9

type Status = { kind: 'error' | 'success'; text: string } | null

export function SignupForm({ onRedirect = () => navigate('/login') }: { onRedirect?: () => unknown }) {
  const [status, setStatus] = useState<Status>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (status?.kind !== 'success') return
    const timer = setTimeout(() => void onRedirect(), SIGNUP_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [status, onRedirect])

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const username = String(form.get('username'))
    const password = String(form.get('password'))
    if (password !== String(form.get('confirm'))) {
      setStatus({ kind: 'error', text: 'Passwords do not match' })
      return
    }
    setBusy(true)
    try {
      const res = await fetch('/api/auth/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      })
      if (res.ok) setStatus({ kind: 'success', text: 'Account created successfully! Redirecting to login...' })
      else {
        const body = (await res.json().catch(() => null)) as { message?: string } | null
        setStatus({ kind: 'error', text: body?.message || 'Failed to create account' })
      }
    } catch {
      setStatus({ kind: 'error', text: 'Server error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="auth-form card" onSubmit={submit}>
      <h1>Sign up</h1>
      {status && (
        <p className={status.kind === 'error' ? 'form-error' : 'form-success'} role={status.kind === 'error' ? 'alert' : 'status'}>
          {status.text}
        </p>
      )}
      <CredentialFields password="new-password" />
      <label>
        Confirm password
        <input name="confirm" type="password" autoComplete="new-password" required />
      </label>
      <button type="submit" className="btn btn-primary" disabled={busy || status?.kind === 'success'}>
        Sign up
      </button>
      <p className="small">
        Already have an account? <a href="/login">Login</a>
      </p>
    </form>
  )
}
