import { describe, expect, it } from 'vitest';
import {
  isNotWallLayer,
  isWallLayer,
  kindNamedBy,
  mayBeProse,
  namesARoom,
  scorePageTexts,
} from './vocabulary';

describe('layer names', () => {
  it.each([
    'A-WALL',
    'A-WALL-FULL',
    'WALLS',
    'Wall',
    'wand',
    'Wände',
    'ROHBAU - Darstellungen - Wände',
    'A-210 G - Existing Structure',
    'A-320G - Permanent Solid Partitions',
    'muratura',
    'MUR',
    'muros',
    'væg',
    'стены двери окна',
    '壁',
    '墙体',
  ])('%s holds walls', (name) => {
    expect(isWallLayer(name)).toBe(true);
    expect(isNotWallLayer(name)).toBe(false);
  });

  it.each([
    'A-WALL-PATT',
    'A-DOOR',
    'A-ANNO-DIMS',
    'Dimension',
    'TEXT',
    'Furniture',
    'A-FURN',
    'HATCH',
    'GRID',
    'Defpoints',
    'TITLE',
    'Window',
    'aperture',
    'SECTION-A',
    'FRONT-ELEVATION',
    'размеры',
    'мебель',
    '寸法',
  ])('%s never holds walls', (name) => {
    expect(isWallLayer(name)).toBe(false);
    expect(isNotWallLayer(name)).toBe(true);
  });

  it('leaves neutral names to the geometry', () => {
    for (const name of ['0', 'Layer 1', 'GF', 'Foundation']) {
      expect(isWallLayer(name)).toBe(false);
      expect(isNotWallLayer(name)).toBe(false);
    }
  });
});

describe('titles', () => {
  it.each([
    ['FRONT ELEVATION', 'elevation'],
    ['Ansicht Süd', 'elevation'],
    ['Prospetto nord', 'elevation'],
    ['SECTION A-A', 'section'],
    ['A - A', 'section'],
    ['Schnitt B-B', 'section'],
    ['Coupe AA', 'section'],
    ['GROUND FLOOR PLAN', 'plan'],
    ['Grundriss EG', 'plan'],
    ['План 1 этажа', 'plan'],
    ['KITCHEN', null],
  ])('"%s" names a %s', (text, kind) => {
    expect(kindNamedBy(text)).toBe(kind);
  });

  it('knows room names across languages', () => {
    for (const t of ['BEDROOM 12\'-0" x 12\'-6"', 'Küche', 'Cucina', 'кухня', 'DINING & DRAWING']) {
      expect(namesARoom(t)).toBe(true);
    }
    expect(namesARoom('1:50')).toBe(false);
  });
});

describe('scorePageTexts (which PDF page is the floor plan)', () => {
  const plan = [
    'Main Floor',
    'KITCHEN',
    '182 sq ft',
    'BEDROOM',
    '129 sq ft',
    'BATH',
    'LIVING',
    '0',
    '3',
    '6',
    'ft',
  ];
  it('prefers one storey with rooms and a scale bar to an overview of every storey', () => {
    const overview = [...plan, '2nd Floor', 'BEDROOM', 'FAMILY', 'Basement', 'STORAGE'];
    expect(scorePageTexts(plan, 1000).score).toBeGreaterThan(scorePageTexts(overview, 1000).score);
  });

  it('counts against elevations, sections, site and services plans, and names them', () => {
    const base = scorePageTexts(plan, 1000).score;
    expect(scorePageTexts([...plan, 'NORTH ELEVATION'], 1000)).toMatchObject({ kind: 'elevation' });
    expect(scorePageTexts([...plan, 'NORTH ELEVATION'], 1000).score).toBeLessThan(base);
    expect(scorePageTexts([...plan, 'SECTION A-A'], 1000).score).toBeLessThan(base);
    expect(scorePageTexts([...plan, 'SITE PLAN'], 1000).score).toBeLessThan(base);
    expect(scorePageTexts([...plan, 'DOUBLE SOCKET', 'LOW LEVEL LIGHT'], 1000).score).toBeLessThan(base);
  });

  it('calls a page of prose text, however many rooms it lists', () => {
    const prose = Array.from(
      { length: 12 },
      () => 'Bedroom: 11 x 12 ft | 129 sq ft and more words about measuring rooms',
    );
    expect(scorePageTexts(prose, 150).kind).toBe('text');
  });
});

describe('mayBeProse (whether a page is worth counting its drawing)', () => {
  it('is true of sentences, false of a drawing’s short labels and of a few words', () => {
    const sentence = 'Only major rooms are listed and some listed rooms may be excluded from the total area.';
    expect(mayBeProse(Array.from({ length: 8 }, () => sentence))).toBe(true);
    const labels = ['KITCHEN', '3.20 x 4.10', 'BEDROOM 1', '12.4 m²', 'EX. WALL', 'NEW DOOR'];
    expect(mayBeProse(Array.from({ length: 40 }, (_, i) => labels[i % labels.length]!))).toBe(false);
    expect(mayBeProse([sentence])).toBe(false);
  });
});
