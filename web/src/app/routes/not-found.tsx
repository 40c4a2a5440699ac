import { Home } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';

export function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-semibold tracking-tight text-slate-500">404</p>
      <h1 className="text-2xl font-semibold text-slate-900">Oops! Page not found</h1>
      <Link to="/" className={buttonVariants()}>
        <Home aria-hidden="true" />
        Return to Home
      </Link>
    </div>
  );
}
