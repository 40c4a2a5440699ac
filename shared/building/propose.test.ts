import { describe, expect, it } from 'vitest';
import { type LevelSource, proposeBuilding } from './propose';

const source = (fileName: string, titles: string[] = [], storeyHeightM = 2.8): LevelSource => ({
  fileId: fileName.replace(/\W/g, '').toLowerCase(),
  fileName,
  titles,
  storeyHeightM,
});

describe('a building proposed from the drawings', () => {
  it('orders the levels by the storey their names give, ground floor at 0, floor on floor', () => {
    const { levels, warnings } = proposeBuilding([
      source('1.OG.dxf'),
      source('house.pdf', ['Grundriss EG']),
      source('Keller.dwg', ['KG']),
      source('DG.dxf'),
    ]);
    expect(levels.map((l) => [l.name, l.elevationM])).toEqual([
      ['KG', -3],
      ['EG', 0],
      ['1.OG', 3],
      ['DG', 6],
    ]);
    expect(warnings).toEqual([]);
  });

  it('takes the elevations from level marks when every level has one', () => {
    const { levels } = proposeBuilding([
      source('b.dxf', ['План 2 этажа', 'отм. +3,300']),
      source('a.dxf', ['План 1 этажа', 'отм. ±0,000']),
    ]);
    expect(levels.map((l) => [l.fileId, l.elevationM])).toEqual([
      ['adxf', 0],
      ['bdxf', 3.3],
    ]);
  });

  it('keeps the upload order where nothing names a storey, and says so', () => {
    const { levels, warnings } = proposeBuilding([source('north wing.dxf'), source('south wing.dxf', [], 3)]);
    expect(levels.map((l) => [l.name, l.elevationM])).toEqual([
      ['north wing', 0],
      ['south wing', 3],
    ]);
    expect(warnings[0]).toMatch(/order the drawings were uploaded in/);
  });

  it('a single drawing is one level at 0 with nothing to warn about', () => {
    expect(proposeBuilding([source('plan.png')])).toEqual({
      levels: [{ name: 'plan', fileId: 'planpng', elevationM: 0, rotationDeg: 0, offsetM: [0, 0] }],
      warnings: [],
    });
  });
});
