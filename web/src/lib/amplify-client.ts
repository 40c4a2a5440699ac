// The Amplify APIs Planform uses, as one module the app imports lazily (see amplify.ts): named re-exports keep the
// chunk to what is used.
export { Amplify } from 'aws-amplify';
export {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';
