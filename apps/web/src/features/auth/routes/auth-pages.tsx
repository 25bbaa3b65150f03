import { useSearchParams } from 'react-router';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

const FEATURE = 'the identity feature';

export function SignInConfirmationPage() {
  return <ComingSoonPage title="Two-factor confirmation" feature={FEATURE} />;
}

export function ConfirmPage() {
  return <ComingSoonPage title="Enter code" feature={FEATURE} />;
}

export function ForgotPage() {
  return <ComingSoonPage title="Reset password" feature={FEATURE} />;
}

export function SignUpPage() {
  return <ComingSoonPage title="Create account" feature={FEATURE} />;
}

export function SignUpConfirmationPage() {
  const [params] = useSearchParams();
  const username = params.get('username');
  return (
    <ComingSoonPage title="Confirm your e-mail" feature={FEATURE}>
      {username && <p>Confirmation for {username}</p>}
    </ComingSoonPage>
  );
}

export function PasswordPage() {
  return <ComingSoonPage title="Set a new password" feature={FEATURE} />;
}
