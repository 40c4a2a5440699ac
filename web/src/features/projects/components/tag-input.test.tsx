import { TAGS_MAX } from '@shared/schemas/projects';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { addTag, TagInput } from './tag-input';

function Harness({ initial = [] as string[] }) {
  const [tags, setTags] = useState(initial);
  return (
    <>
      <label htmlFor="tags">Tags</label>
      <TagInput id="tags" tags={tags} onChange={setTags} />
      <output data-testid="tags">{JSON.stringify(tags)}</output>
    </>
  );
}

const current = () => JSON.parse(screen.getByTestId('tags').textContent ?? '[]') as string[];

describe('addTag', () => {
  it('adds a trimmed tag once, ignoring blanks and case-insensitive repeats', () => {
    expect(addTag([], '  Loft  ')).toEqual(['Loft']);
    expect(addTag(['Loft'], 'loft')).toEqual(['Loft']);
    expect(addTag(['Loft'], '   ')).toEqual(['Loft']);
    expect(addTag(['Loft'], 'Modern')).toEqual(['Loft', 'Modern']);
  });

  it(`stops at ${TAGS_MAX} tags`, () => {
    const full = Array.from({ length: TAGS_MAX }, (_, i) => `t${i}`);
    expect(addTag(full, 'one more')).toEqual(full);
  });
});

describe('TagInput', () => {
  it('adds a typed tag with the Add button or Enter, and clears the field', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByLabelText('Tags');
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.type(field, 'Loft');
    await user.click(add);
    expect(current()).toEqual(['Loft']);
    expect(field).toHaveValue('');
    await user.type(field, '  Warehouse {Enter}');
    expect(current()).toEqual(['Loft', 'Warehouse']);
  });

  it('adds nothing blank or already there', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['Loft']} />);
    const field = screen.getByLabelText('Tags');
    await user.type(field, '   {Enter}');
    await user.type(field, 'loft{Enter}');
    expect(current()).toEqual(['Loft']);
  });

  it('keeps the keyboard on the field when a picked suggestion turns disabled or a removed tag goes away', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['Loft']} />);
    const field = screen.getByLabelText('Tags');
    screen.getByRole('button', { name: 'Modern' }).focus();
    await user.keyboard('{Enter}');
    expect(current()).toEqual(['Loft', 'Modern']);
    expect(field).toHaveFocus();
    screen.getByRole('button', { name: 'Remove tag Loft' }).focus();
    await user.keyboard('{Enter}');
    expect(current()).toEqual(['Modern']);
    expect(field).toHaveFocus();
  });

  it('offers the six suggestions, each disabled once chosen', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const suggestions = within(screen.getByRole('group', { name: 'Suggested tags' }));
    expect(suggestions.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Residential',
      'Commercial',
      'Modern',
      'Traditional',
      'Interior',
      'Exterior',
    ]);
    await user.click(suggestions.getByRole('button', { name: 'Modern' }));
    expect(current()).toEqual(['Modern']);
    expect(suggestions.getByRole('button', { name: 'Modern' })).toBeDisabled();
    expect(suggestions.getByRole('button', { name: 'Interior' })).toBeEnabled();
    // Typed in another case, a suggestion counts as chosen too.
    await user.type(screen.getByLabelText('Tags'), 'interior{Enter}');
    expect(suggestions.getByRole('button', { name: 'Interior' })).toBeDisabled();
  });

  it('removes a tag, which makes its suggestion available again', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['Residential', 'Loft']} />);
    const suggestion = screen.getByRole('button', { name: 'Residential' });
    expect(suggestion).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove tag Residential' }));
    expect(current()).toEqual(['Loft']);
    expect(suggestion).toBeEnabled();
  });
});
