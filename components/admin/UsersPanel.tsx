import { adminTime } from '../../lib/format.ts'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { type Role, roleDescriptions, roles } from '../../lib/roles.ts'
import { useSession } from '../account/session.ts'
import { ApiError } from '../api-client.ts'
import { type Account, usersApi } from './users-api.ts'
import { ErrorLine } from '../Messages.tsx'
import { Options } from './Options.tsx'

const failure = (err: unknown, fallback: string) => (err instanceof ApiError && err.explained ? err.message : fallback)

function CreateUserForm({ onCreated }: { onCreated: (a: Account) => void }) {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [role, setRole] = useState<Role>('editor')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const created = await usersApi.create({ username: username.trim(), password, role })
      setUsername('')
      setPassword('')
      onCreated(created)
    } catch (err) {
      setError(failure(err, 'Failed to create the account'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card card-body user-form" onSubmit={(e) => void submit(e)} aria-label="Add user">
      <h3>Add user</h3>
      <label>
        Username
        <input value={username} onChange={(e) => setUsername(e.target.value)} required minLength={3} maxLength={32} autoComplete="off" />
      </label>
      <label>
        Password
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} required minLength={8} maxLength={128} autoComplete="new-password" />
      </label>
      <label>
        Role
        <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
          <Options values={roles} />
        </select>
      </label>
      <ErrorLine text={error} />
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {busy ? 'Adding...' : 'Add user'}
      </button>
    </form>
  )
}

/**
 * The Users screen (admins only): every account with its role and state; change a role, disable or
 * enable, reset a password (a generated one is shown here once), add an account. The server enforces
 * the rules (not your own role, never the last admin) and says why when it refuses.
 */
export function UsersPanel() {
  const { user: me } = useSession()
  const [users, setUsers] = useState<Account[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<{ text: string; password?: string } | null>(null)
  const [busyId, setBusyId] = useState<string | null>(null)

  const load = useCallback(async () => {
    try {
      setUsers((await usersApi.list()).users)
    } catch (err) {
      setError(failure(err, 'Failed to load users'))
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load])

  const replace = (a: Account) => setUsers((list) => (list ?? []).map((u) => (u.id === a.id ? a : u)))

  async function act(u: Account, what: () => Promise<void>) {
    setBusyId(u.id)
    setError(null)
    setNotice(null)
    try {
      await what()
    } catch (err) {
      setError(failure(err, 'The change failed'))
    } finally {
      setBusyId(null)
    }
  }

  const changeRole = (u: Account, role: Role) =>
    act(u, async () => {
      if (roles.indexOf(role) > roles.indexOf(u.role ?? 'user') && !window.confirm(`Change ${u.username} to ${role}? They will be logged out everywhere.`)) return
      replace(await usersApi.update(u.id, { role }))
      setNotice({ text: `${u.username} is now ${role}.` })
    })
  const toggle = (u: Account) =>
    act(u, async () => {
      if (!u.disabled && !window.confirm(`Disable ${u.username}? They will be logged out everywhere and cannot log in until enabled.`)) return
      replace(await usersApi.update(u.id, { disabled: !u.disabled }))
      setNotice({ text: `${u.username} is ${u.disabled ? 'enabled' : 'disabled'}.` })
    })
  const reset = (u: Account) =>
    act(u, async () => {
      if (!window.confirm(`Reset the password of ${u.username}? Their current password stops working and they are logged out everywhere.`)) return
      const r = await usersApi.resetPassword(u.id)
      setNotice({ text: `New password for ${r.username} (shown only now; pass it on safely):`, password: r.password })
    })

  return (
    <section className="users-panel admin-panel" aria-label="Users">
      <h2>Users</h2>
      <ErrorLine text={error} />
      {notice && (
        <p className="notice" role="status">
          {notice.text} {notice.password && <code data-testid="new-password">{notice.password}</code>}
        </p>
      )}
      {!users ? (
        !error && <p className="empty">Loading...</p>
      ) : users.length === 0 ? (
        <p className="empty">No accounts yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th>Username</th>
                <th>Role</th>
                <th>Status</th>
                <th>Created</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => {
                const self = u.username === me?.username
                const busy = busyId === u.id
                return (
                  <tr key={u.id} data-testid={`user-${u.username}`}>
                    <td>
                      {u.username}
                      {self && <span className="muted small"> (you)</span>}
                    </td>
                    <td>
                      <select
                        aria-label={`Role of ${u.username}`}
                        value={u.role ?? ''}
                        disabled={self || busy}
                        title={self ? 'You cannot change your own role' : undefined}
                        onChange={(e) => void changeRole(u, e.target.value as Role)}
                      >
                        {u.role === null && <option value="">unknown</option>}
                        <Options values={roles} />
                      </select>
                    </td>
                    <td>{u.disabled ? <strong>Disabled</strong> : 'Active'}</td>
                    <td>{adminTime(u.createdAt)}</td>
                    <td className="row-actions">
                      {!self && (
                        <button type="button" className="btn" disabled={busy} onClick={() => void toggle(u)}>
                          {u.disabled ? 'Enable' : 'Disable'}
                        </button>
                      )}
                      <button type="button" className="btn" disabled={busy} onClick={() => void reset(u)}>
                        Reset password
                      </button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      <ul className="muted small" data-testid="role-help" aria-label="What each role may do">
        {roles.map((r) => (
          <li key={r}>
            <strong>{r}</strong>: {roleDescriptions[r]}
          </li>
        ))}
      </ul>
      <CreateUserForm
        onCreated={(a) => {
          setUsers((list) => [...(list ?? []), a])
          setNotice({ text: `Created ${a.role} "${a.username}".` })
        }}
      />
    </section>
  )
}
