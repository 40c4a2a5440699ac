import type { PromptTemplate } from '@shared/schemas/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, signedInAs } from '@/test/render';
import { apiError, fakeApi } from '../test/fake-api';
import { AdminPromptsPage } from './prompts-page';

vi.mock('aws-amplify/auth', () => ({}));
const auth = signedInAs('a@example.com', 'admin');

const template = (over: Partial<PromptTemplate>): PromptTemplate => ({
  id: 't1',
  name: 'Architectural visualization',
  category: 'visualization',
  template: 'A {style} view of {prompt}',
  variables: ['style', 'prompt', 'project_title', 'tags', 'variation'],
  isActive: true,
  usageCount: 10,
  successRate: 90,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  ...over,
});

const list = [
  template({}),
  template({
    id: 't2',
    name: 'Floor analysis',
    category: 'analysis',
    template: 'Describe the plan',
    variables: ['plan'],
    isActive: false,
    usageCount: 3,
    successRate: 66.7,
  }),
];

describe('AdminPromptsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows stat cards, the table with at most 3 variables then "+N", and filters', async () => {
    fakeApi({ 'GET /api/admin/templates': { items: list } });
    const user = userEvent.setup();
    renderPage(<AdminPromptsPage />, { path: '/admin/prompts', auth });
    const [first] = await screen.findAllByTestId('template-row');
    expect(within(screen.getByTestId('templates-total')).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByTestId('templates-active')).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByTestId('templates-usage')).getByText('6.5')).toBeInTheDocument();
    expect(within(screen.getByTestId('templates-success')).getByText('78.4%')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Category',
      'Variables',
      'Usage',
      'Success Rate',
      'Status',
      'Updated',
      'Actions',
    ]);
    expect(within(first!).getByText('style')).toBeInTheDocument();
    expect(within(first!).getByText('project_title')).toBeInTheDocument();
    expect(within(first!).queryByText('tags')).not.toBeInTheDocument();
    expect(within(first!).getByText('+2')).toBeInTheDocument();
    expect(within(first!).getByText('90%')).toBeInTheDocument();
    expect(within(first!).getByText('Active')).toBeInTheDocument();
    expect(within(first!).getByText('Mar 2, 2026')).toBeInTheDocument();

    // Category filter built from existing categories only.
    const filter = screen.getByLabelText('Filter by category');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Categories', 'Analysis', 'Visualization']);
    await user.selectOptions(filter, 'Analysis');
    expect(screen.getAllByTestId('template-row')).toHaveLength(1);
    await user.selectOptions(filter, 'All Categories');
    // By template text, case-insensitive, then by name.
    await user.type(screen.getByPlaceholderText('Search templates...'), 'DESCRIBE');
    expect(screen.getAllByTestId('template-row')).toHaveLength(1);
    expect(screen.getByText('Floor analysis')).toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText('Search templates...'));
    await user.type(screen.getByPlaceholderText('Search templates...'), 'architectural');
    expect(screen.getAllByTestId('template-row')).toHaveLength(1);
    expect(screen.getByText('Architectural visualization')).toBeInTheDocument();
  });

  it('creates a template from the dialog, variables comma-separated', async () => {
    const fake = fakeApi({
      'GET /api/admin/templates': { items: list },
      'POST /api/admin/templates': (req) => template({ id: 't3', ...(req.body as object) }),
    });
    const user = userEvent.setup();
    renderPage(<AdminPromptsPage />, { path: '/admin/prompts', auth });
    await user.click(await screen.findByRole('button', { name: 'Create Template' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Template' });
    await user.type(within(dialog).getByLabelText('Name'), 'Night');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Rendering');
    await user.type(within(dialog).getByLabelText('Template'), 'Night view of {{prompt}');
    await user.type(within(dialog).getByLabelText('Variables'), ' prompt , ,light ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    expect(await screen.findByText('Template created successfully')).toBeInTheDocument();
    expect(fake.callsTo('POST', '/api/admin/templates')[0]?.body).toEqual({
      name: 'Night',
      category: 'rendering',
      template: 'Night view of {prompt}',
      variables: ['prompt', 'light'],
      isActive: true,
    });
  });

  it('edits, toggles and deletes after the confirmation, with their toasts', async () => {
    const fake = fakeApi({
      'GET /api/admin/templates': { items: list },
      'PATCH /api/admin/templates/{templateId}': (req) => ({ ...list[0], ...(req.body as object) }),
      'DELETE /api/admin/templates/{templateId}': () => undefined,
    });
    const user = userEvent.setup();
    renderPage(<AdminPromptsPage />, { path: '/admin/prompts', auth });
    await user.click(await screen.findByRole('button', { name: 'Edit Architectural visualization' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Template' });
    expect(within(dialog).getByLabelText('Variables')).toHaveValue(
      'style, prompt, project_title, tags, variation',
    );
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Update Template' }));
    expect(await screen.findByText('Template updated successfully')).toBeInTheDocument();
    expect(fake.callsTo('PATCH', '/api/admin/templates/t1')[0]?.body).toMatchObject({ name: 'Renamed' });

    await user.click(screen.getAllByRole('button', { name: 'Deactivate' })[0]!);
    expect(await screen.findByText('Template deactivated')).toBeInTheDocument();
    expect(fake.callsTo('PATCH', '/api/admin/templates/t1')[1]?.body).toEqual({ isActive: false });

    await user.click(screen.getByRole('button', { name: 'Delete Floor analysis' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Template' });
    expect(within(confirm).getByText('Are you sure you want to delete this template?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Template deleted successfully')).toBeInTheDocument();
    expect(fake.callsTo('DELETE', '/api/admin/templates/t2')).toHaveLength(1);
  });

  it('reports failures with the spec texts', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      'GET /api/admin/templates': { items: list },
      'PATCH /api/admin/templates/{templateId}': () => apiError(500, 'x', 'INTERNAL'),
      'DELETE /api/admin/templates/{templateId}': () => apiError(500, 'x', 'INTERNAL'),
      'POST /api/admin/templates': () => apiError(400, 'Name is required', 'VALIDATION_FAILED'),
    });
    const user = userEvent.setup();
    renderPage(<AdminPromptsPage />, { path: '/admin/prompts', auth });
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Failed to update template status')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Floor analysis' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete template')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Create Template' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Template' }));
    expect(await screen.findByText('Failed to save template')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('Name is required');
  });

  it('says "Failed to load prompt templates"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET /api/admin/templates': () => apiError(500, 'x', 'INTERNAL') });
    renderPage(<AdminPromptsPage />, { path: '/admin/prompts', auth });
    expect(await screen.findByText('Failed to load prompt templates')).toBeInTheDocument();
  });
});
