import type { Role } from '../../lib/roles.ts'
import { apiCall } from '../api-client.ts'

/** The Users screen's calls (admin only: GET/POST /api/users, PATCH /api/users/:id, POST /api/users/:id/password). */
export type Account = { id: string; username: string; role: Role | null; disabled: boolean; createdAt: string }

const one = (id: string) => `/api/users/${encodeURIComponent(id)}`

export const usersApi = {
  list: () => apiCall<{ users: Account[] }>('/api/users'),
  create: (body: { username: string; password: string; role: Role }) => apiCall<Account>('/api/users', { method: 'POST', body: JSON.stringify(body) }),
  update: (id: string, change: { role?: Role; disabled?: boolean }) => apiCall<Account>(one(id), { method: 'PATCH', body: JSON.stringify(change) }),
  /** no password: the server generates one and answers it this once */
  resetPassword: (id: string, password?: string) => apiCall<{ id: string; username: string; password?: string }>(`${one(id)}/password`, { method: 'POST', body: JSON.stringify(password ? { password } : {}) }),
}
