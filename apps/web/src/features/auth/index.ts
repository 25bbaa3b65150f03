// The public entry of this feature: what other features may use. Everything else is its own business.
export { SESSION_QUERY_KEY, sessionQueryOptions, useSession } from './api/get-session.ts';
export {
  authCall,
  authClient,
  authErrorDescription,
  isAuthRequestError,
  weakPasswordMessage,
} from './auth-client.ts';
export {
  type TChangePasswordForm,
  type TCodeForm,
  type TPasswordConfirmationForm,
  ZChangePasswordForm,
  ZCodeForm,
  ZPasswordConfirmationForm,
} from './auth-forms.ts';
export { AUTH_MESSAGES } from './auth-messages.ts';
export { CodeInput } from './components/code-input.tsx';
