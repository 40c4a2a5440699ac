export {
  isAlreadyConfirmedError,
  NOT_CONFIRMED_MESSAGE,
  SignInStepError,
  signInWithEmail,
  signOutUser,
} from './api/auth';
export {
  authKeys,
  getMe,
  loadSession,
  meQueryOptions,
  type SessionUser,
  sessionQueryOptions,
} from './api/session';
export { AuthLayout, LogoMark, TAGLINE } from './components/auth-layout';
export { AuthProvider } from './components/auth-provider';
export { AuthContext, type AuthState, type AuthStatus, isAdminRole, useAuth } from './hooks/use-auth';
export { redirectTarget } from './lib/redirect';
