import { SignupForm } from '../../../components/account/SignupForm.tsx'

export default function Page() {
  return <SignupForm />
}
