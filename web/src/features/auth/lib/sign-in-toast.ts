/** One toast for a sign-in's outcome: "Welcome back!" replaces an earlier "Sign In Failed". */
export const SIGN_IN_TOAST = 'sign-in';
