/** Username and password, as both account forms ask for them (spec §2): `password` says which kind the browser's password manager should offer. */
export function CredentialFields({ password }: { password: 'current-password' | 'new-password' }) {
  return (
    <>
      <label>
        Username
        <input name="username" autoComplete="username" required />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete={password} required />
      </label>
    </>
  )
}
