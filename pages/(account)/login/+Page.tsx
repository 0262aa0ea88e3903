import { LoginForm } from '../../../components/account/LoginForm.tsx'

export default function Page() {
  return <LoginForm />
}
