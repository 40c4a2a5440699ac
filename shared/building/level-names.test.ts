import { describe, expect, it } from 'vitest';
import { levelMark, levelNamed, storeysNamed } from './level-names';

describe('which storey a title names', () => {
  it.each([
    ['Ground floor plan', 0],
    ['GROUND FLOOR', 0],
    ['Grundriss EG', 0],
    ['Erdgeschoss M 1:100', 0],
    ['RDC', 0],
    ['Plan du rez-de-chaussée', 0],
    ['1F plan', 0],
    ['2F', 1],
    ['First floor plan', 1],
    ['Second Floor', 2],
    ['1st floor', 1],
    ['Grundriss 1.OG', 1],
    ['2. OG', 2],
    ['OG', 1],
    ['R+1', 1],
    ['R+2', 2],
    ['Basement', -1],
    ['UG', -1],
    ['KG Grundriss', -1],
    ['B1', -1],
    ['Sous-sol', -1],
    ['Dachgeschoss', 100],
    ['Attic', 100],
    ['План 1 этажа', 0],
    ['План 2-го этажа', 1],
    ['Подвал', -1],
    ['Level 3', 3],
    ['Page 2: Main Floor', 0],
    ['Main level', 0],
  ])('%s → %i', (text, rank) => {
    expect(levelNamed(text)?.rank).toBe(rank);
  });

  it('lists the storeys a page names, each once: one for a storey’s plan, several for an overview', () => {
    expect(storeysNamed(['Kitchen', '2nd Floor', "12' x 10'", '2nd Floor']).map((n) => n.text)).toEqual([
      '2nd Floor',
    ]);
    expect(storeysNamed(['Main Floor', '2nd Floor', 'Basement (Below Grade)']).map((n) => n.rank)).toEqual([
      0, 2, -1,
    ]);
    expect(storeysNamed(['Living', 'Bath'])).toEqual([]);
  });

  it('names no storey in a title that has none', () => {
    for (const text of ['Site plan', 'Section A-A', 'house.dxf', 'Elevation south', 'Kitchen', 'Floor plan'])
      expect(levelNamed(text), text).toBeNull();
  });
});

describe('level marks', () => {
  it.each([
    ['+3,300', 3.3],
    ['+3.30', 3.3],
    ['-2,850', -2.85],
    ['±0,000', 0],
    ['±0.00', 0],
    ['отм. +6,600', 6.6],
    ['+3300', 3.3],
    ['План на отм. 0,000', 0],
  ])('%s → %f m', (text, metres) => {
    expect(levelMark(text)).toBeCloseTo(metres, 6);
  });

  it('reads no mark in plain numbers', () => {
    for (const text of ['3300', 'Room 12', '1:100', 'A-1', '10,000', '0,0005', '1.0,000'])
      expect(levelMark(text), text).toBeNull();
  });
});
