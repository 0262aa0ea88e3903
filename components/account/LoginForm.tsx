import { type FormEvent, useState } from 'react'
import { navigate } from 'vike/client/router'
import { safeNextPath } from '../../lib/next-path.ts'
import { login } from './session.ts'
import { ErrorLine } from '../Messages.tsx'
import { CredentialFields } from './CredentialFields.tsx'

/** Spec §2: a login goes to /admin, or to the admin address it was sent from (`?next=`, a path on this site only). */
const goOn = () => navigate(safeNextPath(new URLSearchParams(window.location.search).get('next')) ?? '/admin')

export function LoginForm({ onSuccess = goOn }: { onSuccess?: () => unknown }) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    setBusy(true)
    const failure = await login(String(form.get('username')), String(form.get('password')))
    setBusy(false)
    if (failure) setError(failure)
    else void onSuccess()
  }

  return (
    <form className="auth-form card" onSubmit={submit}>
      <h1>Login</h1>
      <ErrorLine text={error} />
      <CredentialFields password="current-password" />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Login
      </button>
      <p className="small">
        No account? <a href="/signup">Sign up</a>
      </p>
    </form>
  )
}
