import { describe, expect, it } from 'vitest';
import { labelledArea, roomArea, roomSize, statedScale } from './sheet-scale';

describe('the scale a sheet states in its words', () => {
  it('reads the drawing scale, not a slope', () => {
    expect(statedScale(['GROUND FLOOR', '1 : 50', 'AT 1:50 SLOPE'])).toBe(50);
    expect(statedScale(['M 1:50, 1:1'])).toBe(50);
    expect(statedScale(['SCALE 1:100 IN A2'])).toBe(100);
    expect(statedScale(['RAMP AT 1:12', 'FALL 1:80'])).toBeNull();
    expect(statedScale(['Finished Area 1275.98 sq ft', '11:30'])).toBeNull();
    expect(statedScale(['1:100', '1:50', '1:50'])).toBe(50);
  });

  it('reads room sizes in feet and inches or metres', () => {
    const near = (got: [number, number] | null, want: [number, number]) => {
      expect(got).not.toBeNull();
      expect(got![0]).toBeCloseTo(want[0], 3);
      expect(got![1]).toBeCloseTo(want[1], 3);
    };
    near(roomSize(`16'9" x 11'3"`), [5.1054, 3.429]);
    near(roomSize(`11' x 10'`), [3.3528, 3.048]);
    near(roomSize(`9' 3" x 10' 3"`), [2.8194, 3.1242]);
    near(roomSize(`15'4" x 11'`), [4.6736, 3.3528]);
    near(roomSize('3.60 x 4,20 m'), [3.6, 4.2]);
    expect(roomSize('2 x 4 studs')).toBeNull();
    expect(roomSize(`11'13" x 10'`)).toBeNull();
  });

  it('reads room areas in square feet or square metres', () => {
    expect(roomArea('182 sq ft')).toBeCloseTo(16.908, 2);
    expect(roomArea('22.59 m²')).toBeCloseTo(22.59, 6);
    expect(roomArea('12,5 m2')).toBeCloseTo(12.5, 6);
    expect(roomArea('Finished Area 1275.98 sq ft')).toBeNull();
    expect(labelledArea(`11' x 10'`)).toBeCloseTo(10.219, 2);
  });
});
