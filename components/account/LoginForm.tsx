import { type FormEvent, useState } from 'react'
import { navigate } from 'vike/client/router'
import { login } from './session.ts'
import { ErrorLine } from '../Messages.tsx'
import { CredentialFields } from './CredentialFields.tsx'

export function LoginForm({ onSuccess = () => navigate('/admin') }: { onSuccess?: () => unknown }) {
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
