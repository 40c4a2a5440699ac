import { Link } from 'react-router-dom';
import { AuthLayout } from './auth-layout';
import { SignInForm } from './sign-in-form';

const linkClass =
  'rounded font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

export function LoginPage() {
  return (
    <AuthLayout
      title="Sign in to Planform"
      description="Enter your email and password to continue."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/auth/signup" className={linkClass}>
            Sign up
          </Link>
        </>
      }
    >
      <SignInForm />
    </AuthLayout>
  );
}
