import { describe, expect, it } from 'vitest';
import { placeholderPlan } from '../../../shared/plan/placeholder';
import { RECENT_PLANS, recentPlan, rememberPlan } from './recent-plans';

const plan = placeholderPlan('house.dxf', 'processing');

describe('recent plans', () => {
  it('answers a plan only at the revision its write made', () => {
    rememberPlan('file-a', { revision: 3, plan, edits: [] });
    expect(recentPlan('file-a', 3)?.plan).toBe(plan);
    expect(recentPlan('file-a', 2)).toBeNull();
    expect(recentPlan('file-a', 4)).toBeNull();
    expect(recentPlan('file-b', 3)).toBeNull();
    rememberPlan('file-a', { revision: 4, plan, edits: null });
    expect(recentPlan('file-a', 3)).toBeNull();
    expect(recentPlan('file-a', 4)?.edits).toBeNull();
  });

  it(`keeps the ${RECENT_PLANS} files written last`, () => {
    const files = Array.from({ length: RECENT_PLANS + 2 }, (_, i) => `file-${i}`);
    for (const id of files) rememberPlan(id, { revision: 1, plan, edits: [] });
    // The first file written again counts as written last.
    rememberPlan(files[2]!, { revision: 2, plan, edits: [] });
    const kept = files.filter((id) => recentPlan(id, id === files[2] ? 2 : 1));
    expect(kept).toHaveLength(RECENT_PLANS);
    expect(kept).toEqual([files[2], ...files.slice(-RECENT_PLANS + 1)]);
  });
});
