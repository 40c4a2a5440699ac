import { describe, expect, it } from 'vitest';
import { guessedScaleWarnings } from './scale-check';

describe('the levels’ scales', () => {
  it('names a level whose scale was guessed beside levels whose scale was read, and nothing when all were guessed', () => {
    const guessed = { name: 'Basement', space: { scaleSource: 'guessed' as const } };
    const read = { name: 'Main Floor', space: { scaleSource: 'inferred' as const } };
    expect(guessedScaleWarnings([guessed, read])).toEqual([
      expect.stringMatching(/^Basement: its scale was guessed/),
    ]);
    expect(guessedScaleWarnings([read, { ...read, name: '2nd Floor' }])).toEqual([]);
    expect(guessedScaleWarnings([guessed])).toEqual([]);
    expect(guessedScaleWarnings([guessed, { ...guessed, name: 'Ground floor' }])).toEqual([]);
  });
});
