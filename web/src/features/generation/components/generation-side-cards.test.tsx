import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, signedInAs } from '@/test/render';
import { usePromptState } from '../hooks/use-prompt-state';
import { GenerationSideCards } from './generation-side-cards';

function Harness({ ready }: { ready: boolean }) {
  const prompt = usePromptState();
  return (
    <>
      {ready ? (
        <label>
          Prompt
          <textarea ref={prompt.fieldRef} value={prompt.prompt} readOnly />
        </label>
      ) : (
        <output data-testid="prompt">{prompt.prompt}</output>
      )}
      <GenerationSideCards prompt={prompt} ready={ready} />
    </>
  );
}

function setup(ready = true) {
  const user = userEvent.setup();
  renderPage(<Harness ready={ready} />, { auth: signedInAs('ada@example.com') });
  return { user };
}

describe('GenerationSideCards', () => {
  it('shows Pro Tips, Example Styles and Need Help?', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Pro Tips' })).toBeInTheDocument();
    expect(screen.getByText(/DXF or DWG plans for exact walls/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Example Styles' })).toBeInTheDocument();
    for (const name of ['Photorealistic', 'Isometric', 'Artistic'])
      expect(screen.getByRole('button', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Need Help?' })).toBeInTheDocument();
  });

  it('fills the prompt from an example style and focuses the field', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: /^Isometric/ }));
    expect(screen.getByLabelText('Prompt')).toHaveValue('Isometric architectural rendering');
    expect(screen.getByLabelText('Prompt')).toHaveFocus();
    expect(screen.getByRole('button', { name: /^Isometric/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: /^Artistic/ }));
    expect(screen.getByLabelText('Prompt')).toHaveValue('Artistic watercolor style');
    expect(screen.getByRole('button', { name: /^Isometric/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('remembers a style chosen before any drawing is uploaded', async () => {
    const { user } = setup(false);
    await user.click(screen.getByRole('button', { name: /^Photorealistic/ }));
    expect(screen.getByTestId('prompt')).toHaveTextContent('Photorealistic exterior view');
    expect(screen.getByText('Saved as your prompt. Upload a drawing to generate it.')).toBeInTheDocument();
  });

  it('opens the guide from View Guide and closes it', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'View Guide' }));
    const dialog = screen.getByRole('dialog', { name: 'Getting great visualizations' });
    for (const heading of [
      '1. Upload the right drawing',
      '2. Write a clear prompt',
      '3. The three variations',
      '4. Creative or Precise',
      '5. Limits',
    ])
      expect(within(dialog).getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(within(dialog).getByText(/DXF or DWG plans work best/)).toBeInTheDocument();
    expect(within(dialog).getByText('Lighting & materials')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Guide' })).toHaveFocus();
  });
});
