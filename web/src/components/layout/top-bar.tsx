import { LogOut, Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button';
import { LogoMark, useAuth } from '@/features/auth';
import { cn, errorMessage } from '@/lib/utils';

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

function navItems(isAdmin: boolean): NavItem[] {
  const items: NavItem[] = [
    { to: '/', label: 'Home', end: true },
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/upload', label: 'Upload' },
  ];
  if (isAdmin) items.push({ to: '/admin', label: 'Admin' });
  return items;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
    isActive ? 'bg-slate-100 text-slate-900' : 'text-slate-600 hover:bg-slate-50 hover:text-slate-900',
  );

/** The app's top bar: brand, main navigation, and the account actions; a collapsible menu below 768px. */
export function TopBar() {
  const { status, user, isAdmin, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  // Close the mobile menu whenever the route changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  async function handleSignOut() {
    setSigningOut(true);
    try {
      // Leave the guarded page first: otherwise its guard sees the session end and remembers the page as the
      // place to return to, where the next person to sign in on this browser would land.
      navigate('/', { replace: true, flushSync: true });
      await signOut();
      toast.success('Signed Out', { description: 'You have been successfully signed out.' });
    } catch (error) {
      toast.error('Sign Out Failed', { description: errorMessage(error) });
    } finally {
      setSigningOut(false);
    }
  }

  const items = navItems(isAdmin);
  const signedIn = status === 'signedIn' && user;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <LogoMark className="size-8" />
          Planform
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>

        <div className="hidden items-center gap-3 md:flex">
          {signedIn ? (
            <>
              <span
                data-testid="user-email"
                className="max-w-56 truncate text-sm text-slate-600"
                title={user.email}
              >
                {user.email}
              </span>
              <Button variant="outline" size="sm" onClick={handleSignOut} disabled={signingOut}>
                <LogOut aria-hidden="true" />
                Sign Out
              </Button>
            </>
          ) : status === 'signedOut' ? (
            <>
              <Link to="/auth/login" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
                Sign In
              </Link>
              <Link to="/auth/signup" className={buttonVariants({ size: 'sm' })}>
                Start Free
              </Link>
            </>
          ) : null}
        </div>

        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Toggle menu"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X aria-hidden="true" className="size-5" />
          ) : (
            <Menu aria-hidden="true" className="size-5" />
          )}
        </Button>
      </div>

      {menuOpen ? (
        <div id={menuId} className="border-t border-slate-200 bg-white md:hidden">
          <nav aria-label="Mobile" className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3 sm:px-6">
            {items.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.end} className={navLinkClass}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="mx-auto flex max-w-6xl flex-col gap-2 border-t border-slate-100 px-4 py-3 sm:px-6">
            {signedIn ? (
              <>
                <span data-testid="user-email-mobile" className="truncate px-3 text-sm text-slate-600">
                  {user.email}
                </span>
                <Button variant="outline" onClick={handleSignOut} disabled={signingOut}>
                  <LogOut aria-hidden="true" />
                  Sign Out
                </Button>
              </>
            ) : status === 'signedOut' ? (
              <>
                <Link to="/auth/login" className={buttonVariants({ variant: 'outline' })}>
                  Sign In
                </Link>
                <Link to="/auth/signup" className={buttonVariants()}>
                  Start Free
                </Link>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
    </header>
  );
}
