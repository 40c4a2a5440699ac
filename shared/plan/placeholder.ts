/** Plans with nothing read yet (being read) or nothing readable (failed), for a file known only by its name. */
import { PLAN_MODEL_VERSION, PLAN_SOURCE_FORMATS, type PlanModel } from './schema';

type SourceFormat = PlanModel['source']['format'];

/** The format a file's name suggests (the reader decides by content; this only labels a plan without one). */
export function planFormatOf(fileName: string): SourceFormat {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'jpg') return 'jpeg';
  return (PLAN_SOURCE_FORMATS as readonly string[]).includes(ext) ? (ext as SourceFormat) : 'png';
}

export function placeholderPlan(
  fileName: string,
  status: 'processing' | 'failed',
  message?: string,
): PlanModel {
  return {
    version: PLAN_MODEL_VERSION,
    status,
    ...(message ? { message } : {}),
    source: { format: planFormatOf(fileName) },
    space: { units: 'unitless', metresPerUnit: 1, scaleGuessed: true, yDown: false },
    walls: [],
    openings: [],
    rooms: [],
    warnings: [],
  };
}
