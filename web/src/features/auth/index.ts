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
export { ConfirmSignUpPage } from './components/confirm-sign-up-page';
export { ForgotPasswordPage } from './components/forgot-password-page';
export { LoginPage } from './components/login-page';
export { ResetPasswordPage } from './components/reset-password-page';
export { SignUpPage } from './components/signup-page';
export { AuthContext, type AuthState, type AuthStatus, isAdminRole, useAuth } from './hooks/use-auth';
export { redirectTarget } from './lib/redirect';
