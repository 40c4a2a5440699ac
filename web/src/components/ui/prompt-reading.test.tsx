import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GeometryKeptNote, PromptReadingNote } from './prompt-reading';

describe('PromptReadingNote', () => {
  it('says what was understood and lists the words that changed nothing', () => {
    render(
      <PromptReadingNote
        reading={{
          understood: ['Walls: white render', 'Roof: flat'],
          notUnderstood: ['flamingos', 'zorbly'],
        }}
      />,
    );
    expect(screen.getByText('Walls: white render · Roof: flat')).toBeInTheDocument();
    expect(screen.getByTestId('prompt-reading')).toHaveTextContent('Not understood: flamingos, zorbly');
  });

  it('says nothing when there is nothing to say', () => {
    const { container } = render(<PromptReadingNote reading={{ understood: [], notUnderstood: [] }} />);
    expect(container).toBeEmptyDOMElement();
    render(<PromptReadingNote reading={null} />);
    expect(screen.queryByTestId('prompt-reading')).toBeNull();
  });
});

describe('GeometryKeptNote', () => {
  it('shows the share of the model’s geometry kept, as a percentage, and nothing when it was not measured', () => {
    render(<GeometryKeptNote kept={0.874} />);
    expect(screen.getByTestId('geometry-kept')).toHaveTextContent('Geometry kept: 87%');
    const { container } = render(<GeometryKeptNote kept={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
