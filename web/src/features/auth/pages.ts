// The auth screens, a public entry of their own so the router can load them lazily (index.ts is on every page).
export { ConfirmSignUpPage } from './components/confirm-sign-up-page';
export { ForgotPasswordPage } from './components/forgot-password-page';
export { LoginPage } from './components/login-page';
export { ResetPasswordPage } from './components/reset-password-page';
export { SignUpPage } from './components/signup-page';
