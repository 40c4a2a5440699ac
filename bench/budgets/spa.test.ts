import { describe, expect, it } from 'vitest';
import { BUDGETS, kb } from './budgets';
import { measureSpa } from './spa';

// npm test builds web/dist first; run `npm run build:web` before running this file alone.
describe('SPA budget', () => {
  const report = measureSpa();
  const initial = report.initial.map((c) => c.file);

  it(`loads at most ${kb(BUDGETS.spaInitialGzipBytes)} KB of gzipped JavaScript before / renders`, () => {
    expect(report.initialGzipBytes).toBeLessThanOrEqual(BUDGETS.spaInitialGzipBytes);
  });

  it('keeps the admin console, the signed-in pages, the auth screens and Amplify out of the initial download', () => {
    for (const onDemand of ['admin-', 'projects-', 'upload-', 'pages-', 'amplify-'])
      expect(
        initial.some((file) => file.startsWith(onDemand)),
        onDemand,
      ).toBe(false);
    for (const onDemand of ['admin-', 'projects-', 'upload-', 'pages-', 'amplify-'])
      expect(
        report.lazy.some((c) => c.file.startsWith(onDemand)),
        `${onDemand} is its own chunk`,
      ).toBe(true);
  });
});
