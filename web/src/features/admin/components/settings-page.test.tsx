import type { SystemSetting, SystemSettingList } from '@shared/schemas/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, signedInAs } from '@/test/render';
import { apiError, fakeApi } from '../test/fake-api';
import { RESTART_MESSAGE } from './setting-dialog';
import { AdminSettingsPage } from './settings-page';

vi.mock('aws-amplify/auth', () => ({}));
const auth = signedInAs('root@example.com', 'super_admin');

const setting = (over: Partial<SystemSetting>): SystemSetting => ({
  key: 'maintenance_mode',
  value: false,
  description: 'When true, new generations are refused.',
  category: 'system',
  updatedAt: '2026-03-02T10:00:00.000Z',
  updatedBy: null,
  known: true,
  ...over,
});

const body: SystemSettingList = {
  items: [
    setting({ key: 'ai_model_primary', value: 'local', category: 'ai', description: 'Image provider' }),
    setting({ key: 'limits.generations_per_day', value: 50, category: 'limits', description: null }),
    setting({}),
  ],
  known: [
    {
      key: 'maintenance_mode',
      category: 'system',
      description: 'When true, new generations are refused.',
      default: false,
    },
  ],
};

describe('AdminSettingsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the caution banner, the counts, the table, search and category filter', async () => {
    fakeApi({ 'GET /api/admin/settings': body });
    const user = userEvent.setup();
    renderPage(<AdminSettingsPage />, { path: '/admin/settings', auth });
    expect(await screen.findAllByTestId('setting-row')).toHaveLength(3);
    expect(screen.getByRole('note')).toHaveTextContent('Caution');
    const counts = screen.getByTestId('settings-counts');
    expect(counts).toHaveTextContent('3 total settings');
    expect(counts).toHaveTextContent('Ai: 1');
    expect(counts).toHaveTextContent('Limits: 1');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Key',
      'Value',
      'Category',
      'Description',
      'Updated',
      'Actions',
    ]);
    expect(screen.getByText('No description')).toBeInTheDocument();
    expect(screen.getByText('50')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Search settings...'), 'provider');
    expect(screen.getAllByTestId('setting-row')).toHaveLength(1);
    await user.clear(screen.getByPlaceholderText('Search settings...'));
    await user.selectOptions(screen.getByLabelText('Filter by category'), 'Limits');
    expect(screen.getAllByTestId('setting-row')).toHaveLength(1);
    expect(screen.getByText('limits.generations_per_day')).toBeInTheDocument();
  });

  it('creates a setting, sending the value as typed', async () => {
    const fake = fakeApi({
      'GET /api/admin/settings': body,
      'POST /api/admin/settings': (req) => setting({ ...(req.body as object), value: 7, known: false }),
    });
    const user = userEvent.setup();
    renderPage(<AdminSettingsPage />, { path: '/admin/settings', auth });
    await user.click(await screen.findByRole('button', { name: 'Add Setting' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Setting' });
    await user.type(within(dialog).getByLabelText('Key'), 'files.max_per_project');
    await user.type(within(dialog).getByLabelText('Value'), '7');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Files');
    await user.click(within(dialog).getByRole('button', { name: 'Create Setting' }));
    expect(await screen.findByText('Setting created successfully')).toBeInTheDocument();
    expect(screen.queryByText(RESTART_MESSAGE)).not.toBeInTheDocument();
    expect(fake.callsTo('POST', '/api/admin/settings')[0]?.body).toEqual({
      key: 'files.max_per_project',
      value: '7',
      description: null,
      category: 'files',
    });
  });

  it('edits with the key fixed and shows the restart note for maintenance_mode', async () => {
    const fake = fakeApi({
      'GET /api/admin/settings': body,
      'PATCH /api/admin/settings/{key}': (req) => setting({ key: req.params.key, value: true }),
    });
    const user = userEvent.setup();
    renderPage(<AdminSettingsPage />, { path: '/admin/settings', auth });
    await user.click(await screen.findByRole('button', { name: 'Edit maintenance_mode' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Setting' });
    expect(within(dialog).getByLabelText('Key')).toBeDisabled();
    expect(within(dialog).getByLabelText('Value')).toHaveValue('false');
    await user.clear(within(dialog).getByLabelText('Value'));
    await user.type(within(dialog).getByLabelText('Value'), 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Update Setting' }));
    expect(await screen.findByText('Setting updated successfully')).toBeInTheDocument();
    expect(await screen.findByText(RESTART_MESSAGE)).toBeInTheDocument();
    expect(RESTART_MESSAGE).toBe(
      'Changes to this setting may require an application restart to take effect.',
    );
    expect(fake.callsTo('PATCH', '/api/admin/settings/maintenance_mode')[0]?.body).toEqual({
      value: 'true',
      description: 'When true, new generations are refused.',
      category: 'system',
    });
  });

  it('deletes after the confirmation naming the key; reports failures', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    fakeApi({
      'GET /api/admin/settings': body,
      'DELETE /api/admin/settings/{key}': () => (fail ? apiError(500, 'x', 'INTERNAL') : undefined),
      'PATCH /api/admin/settings/{key}': () =>
        apiError(400, 'Must be a positive integer', 'VALIDATION_FAILED'),
    });
    const user = userEvent.setup();
    renderPage(<AdminSettingsPage />, { path: '/admin/settings', auth });
    await user.click(await screen.findByRole('button', { name: 'Delete ai_model_primary' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Setting' });
    expect(
      within(confirm).getByText('Are you sure you want to delete the setting "ai_model_primary"?'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete setting')).toBeInTheDocument();
    fail = false;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Setting deleted successfully')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit limits.generations_per_day' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Update Setting' }));
    expect(await screen.findByText('Failed to save setting')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
      'Must be a positive integer',
    );
  });

  it('says "Failed to load system settings"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET /api/admin/settings': () => apiError(403, 'Super admin access required', 'FORBIDDEN') });
    renderPage(<AdminSettingsPage />, { path: '/admin/settings', auth });
    expect(await screen.findByText('Failed to load system settings')).toBeInTheDocument();
  });
});
