/**
 * The plan check's verdict against the true wall F1 (issue #29): a confusion table, and its two targets —
 * *looks right* only when F1 ≥ 0.9 in ≥ 90 % of cases, *could not read* whenever F1 < 0.5 in ≥ 90 %.
 */
import { PLAN_VERDICTS, type PlanVerdict } from '../../shared/plan/schema';

export interface VerdictCase {
  name: string;
  verdict: PlanVerdict | 'none';
  f1: number;
}

const BANDS = [
  { label: 'F1 ≥ 0.9', holds: (f1: number) => f1 >= 0.9 },
  { label: '0.5 ≤ F1 < 0.9', holds: (f1: number) => f1 >= 0.5 && f1 < 0.9 },
  { label: 'F1 < 0.5', holds: (f1: number) => f1 < 0.5 },
];

export const VERDICT_TARGETS = { looksRightPrecision: 0.9, unreadableRecall: 0.9 };

export function verdictTable(cases: VerdictCase[]): { lines: string[]; met: boolean } {
  const lines = [
    `| verdict | ${BANDS.map((b) => b.label).join(' | ')} |`,
    `|---|${BANDS.map(() => '---').join('|')}|`,
  ];
  for (const verdict of [...PLAN_VERDICTS, 'none' as const]) {
    const row = cases.filter((c) => c.verdict === verdict);
    if (verdict === 'none' && !row.length) continue;
    lines.push(`| ${verdict} | ${BANDS.map((b) => row.filter((c) => b.holds(c.f1)).length).join(' | ')} |`);
  }
  const looksRight = cases.filter((c) => c.verdict === 'looks-right');
  const precision = looksRight.length ? looksRight.filter((c) => c.f1 >= 0.9).length / looksRight.length : 1;
  const bad = cases.filter((c) => c.f1 < 0.5);
  const recall = bad.length ? bad.filter((c) => c.verdict === 'unreadable').length / bad.length : 1;
  const pct = (v: number) => `${Math.round(v * 100)} %`;
  lines.push(
    '',
    `looks right with F1 ≥ 0.9: ${pct(precision)} of ${looksRight.length} (target ≥ ${pct(VERDICT_TARGETS.looksRightPrecision)})`,
    `F1 < 0.5 said could not read: ${pct(recall)} of ${bad.length} (target ≥ ${pct(VERDICT_TARGETS.unreadableRecall)})`,
  );
  const wrong = cases.filter(
    (c) => (c.verdict === 'looks-right' && c.f1 < 0.9) || (c.f1 < 0.5 && c.verdict !== 'unreadable'),
  );
  if (wrong.length)
    lines.push(
      `misjudged: ${wrong.map((c) => `${c.name} (${c.verdict}, F1 ${c.f1.toFixed(2)})`).join(', ')}`,
    );
  return {
    lines,
    met: precision >= VERDICT_TARGETS.looksRightPrecision && recall >= VERDICT_TARGETS.unreadableRecall,
  };
}
