import { describe, expect, it } from 'vitest';
import { placeholderPlan, planFormatOf } from './placeholder';
import { planModelSchema } from './schema';

describe('placeholder plans', () => {
  it('labels the format from the name', () => {
    expect(['a.JPG', 'b.jpeg', 'c.png', 'd.pdf', 'e.DXF', 'f.dwg', 'g'].map(planFormatOf)).toEqual([
      'jpeg',
      'jpeg',
      'png',
      'pdf',
      'dxf',
      'dwg',
      'png',
    ]);
  });

  it('is a valid plan with nothing read, carrying its message', () => {
    const plan = placeholderPlan('x.dwg', 'failed', 'Damaged');
    expect(planModelSchema.parse(plan)).toEqual(plan);
    expect(plan).toMatchObject({
      status: 'failed',
      message: 'Damaged',
      source: { format: 'dwg' },
      walls: [],
    });
    expect(placeholderPlan('x.pdf', 'processing')).not.toHaveProperty('message');
  });
});
