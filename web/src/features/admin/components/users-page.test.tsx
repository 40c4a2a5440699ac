import type { AdminUser } from '@shared/schemas/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, signedInAs } from '@/test/render';
import { apiError, fakeApi, stats } from '../test/fake-api';
import { AdminUsersPage } from './users-page';

vi.mock('aws-amplify/auth', () => ({}));

const users: AdminUser[] = [
  {
    id: 'u1',
    email: 'ada@example.com',
    role: 'user',
    projectCount: 3,
    renderCount: 9,
    fileCount: 2,
    storageBytes: 100,
    lastActivityAt: '2026-03-14T09:30:00.000Z',
    createdAt: '2026-02-01T08:00:00.000Z',
  },
  {
    id: 'u2',
    email: 'root@example.com',
    role: 'super_admin',
    projectCount: 0,
    renderCount: 0,
    fileCount: 0,
    storageBytes: 0,
    lastActivityAt: null,
    createdAt: '2026-01-05T08:00:00.000Z',
  },
];

describe('AdminUsersPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the stat cards and the table with its columns, "Never" for no activity', async () => {
    fakeApi({ 'GET /api/admin/stats': stats(), 'GET /api/admin/users': { items: users, nextCursor: null } });
    renderPage(<AdminUsersPage />, { path: '/admin/users', auth: signedInAs('a@example.com', 'admin') });
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(within(screen.getByTestId('users-total')).getByText('1,234')).toBeInTheDocument();
    expect(within(screen.getByTestId('users-admins')).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByTestId('users-active')).getByText('87')).toBeInTheDocument();
    expect(within(screen.getByTestId('users-new')).getByText('40')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Email', 'Role', 'Projects', 'Renders', 'Last Activity', 'Joined', 'Actions']);
    const [ada, root] = screen.getAllByTestId('user-row');
    expect(within(ada!).getByText('User')).toBeInTheDocument();
    expect(within(ada!).getByText('3')).toBeInTheDocument();
    expect(within(ada!).getByText('9')).toBeInTheDocument();
    expect(within(ada!).getByText('Feb 1, 2026')).toBeInTheDocument();
    expect(within(root!).getByText('Super Admin')).toBeInTheDocument();
    expect(within(root!).getByText('Never')).toBeInTheDocument();
  });

  it('searches by e-mail and filters by role through the API', async () => {
    const fake = fakeApi({
      'GET /api/admin/stats': stats(),
      'GET /api/admin/users': (req) => ({
        items: users.filter(
          (u) =>
            u.email.includes(req.query.get('q') ?? '') &&
            (req.query.get('role') === 'all' || u.role === req.query.get('role')),
        ),
        nextCursor: null,
      }),
    });
    const user = userEvent.setup();
    renderPage(<AdminUsersPage />, { path: '/admin/users', auth: signedInAs('a@example.com', 'admin') });
    await screen.findByText('ada@example.com');
    expect(screen.getByRole('option', { name: 'All Roles' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Filter by role'), 'Super Admins');
    await vi.waitFor(() => expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument());
    expect(screen.getByText('root@example.com')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Filter by role'), 'All Roles');
    await user.type(screen.getByPlaceholderText('Search by email...'), 'ADA');
    await vi.waitFor(() => expect(screen.queryByText('root@example.com')).not.toBeInTheDocument());
    expect(fake.calls.some((c) => c.query.get('q') === 'ada')).toBe(true);
    expect(fake.calls.some((c) => c.query.get('role') === 'super_admin')).toBe(true);
  });

  it('edits a role in a dialog offering the three roles, then says so', async () => {
    const fake = fakeApi({
      'GET /api/admin/stats': stats(),
      'GET /api/admin/users': { items: users, nextCursor: null },
      'PATCH /api/admin/users/{userId}': (req) => ({
        ...users[0],
        role: (req.body as { role: string }).role,
      }),
    });
    const user = userEvent.setup();
    renderPage(<AdminUsersPage />, {
      path: '/admin/users',
      auth: signedInAs('root@example.com', 'super_admin'),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit role of ada@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User Role' });
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['User', 'Admin', 'Super Admin']);
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Save Role' }));
    expect(await screen.findByText('User role updated successfully')).toBeInTheDocument();
    expect(fake.callsTo('PATCH', '/api/admin/users/u1')[0]?.body).toEqual({ role: 'admin' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells an admin only a super admin grants Super Admin, and reports a refused change', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      'GET /api/admin/stats': stats(),
      'GET /api/admin/users': { items: users, nextCursor: null },
      'PATCH /api/admin/users/{userId}': () =>
        apiError(409, 'The role was changed by someone else; reload and try again', 'CONFLICT'),
    });
    const user = userEvent.setup();
    renderPage(<AdminUsersPage />, { path: '/admin/users', auth: signedInAs('a@example.com', 'admin') });
    await user.click(await screen.findByRole('button', { name: 'Edit role of ada@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User Role' });
    expect(within(dialog).getByRole('option', { name: 'Super Admin' })).toBeDisabled();
    expect(
      within(dialog).getByText('Only a super admin can grant or revoke Super Admin.'),
    ).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Save Role' }));
    expect(await screen.findByText('Failed to update user role')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The role was changed by someone else');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit role of root@example.com' }));
    expect(within(screen.getByRole('dialog')).getByLabelText('Role')).toBeDisabled();
  });

  it('says "Failed to load users" when the list cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      'GET /api/admin/stats': stats(),
      'GET /api/admin/users': () => apiError(500, 'x', 'INTERNAL'),
    });
    renderPage(<AdminUsersPage />, { path: '/admin/users', auth: signedInAs('a@example.com', 'admin') });
    expect(await screen.findByText('Failed to load users')).toBeInTheDocument();
  });
});
