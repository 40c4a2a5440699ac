import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authState, LocationProbe, renderRoutes, signedInAs } from '@/test/render';
import { TopBar } from './top-bar';

function renderTopBar(auth = authState(), path = '/dashboard') {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <TopBar />
            <LocationProbe />
          </>
        ),
      },
    ],
    { auth, path },
  );
}

const mainNav = () => within(screen.getByRole('navigation', { name: 'Main' }));

describe('TopBar', () => {
  it('shows the logo, the public links and Sign In / Start Free when signed out', () => {
    renderTopBar();
    expect(screen.getByRole('link', { name: 'Planform' })).toHaveAttribute('href', '/');
    expect(mainNav().getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(mainNav().getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(mainNav().getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '/upload');
    expect(mainNav().queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Start Free' })).toHaveAttribute('href', '/auth/signup');
    expect(screen.queryByTestId('user-email')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('marks the current page', () => {
    renderTopBar(authState(), '/upload');
    expect(mainNav().getByRole('link', { name: 'Upload' })).toHaveAttribute('aria-current', 'page');
    expect(mainNav().getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('shows the email and Sign Out for a signed-in user, without the Admin link', () => {
    renderTopBar(signedInAs('ada@example.com'));
    expect(screen.getByTestId('user-email')).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start Free' })).not.toBeInTheDocument();
    expect(mainNav().queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it.each(['admin', 'super_admin'] as const)('shows the Admin link to role %s', (role) => {
    renderTopBar(signedInAs('root@example.com', role));
    expect(mainNav().getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('shows nothing for the account while the session loads', () => {
    renderTopBar(authState({ status: 'loading' }));
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('signs out, toasts and goes home', async () => {
    const user = userEvent.setup();
    const auth = signedInAs('ada@example.com');
    renderTopBar(auth);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(auth.signOut).toHaveBeenCalledOnce();
    expect(await screen.findByText('Signed Out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully signed out.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('opens and closes the mobile menu, which closes on navigation', async () => {
    const user = userEvent.setup();
    renderTopBar(signedInAs('ada@example.com', 'admin'));
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(mobile.getByRole('link', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByTestId('user-email-mobile')).toHaveTextContent('ada@example.com');

    await user.click(mobile.getByRole('link', { name: 'Upload' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/upload');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });
});
