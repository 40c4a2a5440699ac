/**
 * A first guess at a project's building from its drawings: each drawing with a plan is a level, ordered by the
 * storey its titles or file name name (ground floor, 1.OG, R+1, 2F…), at the elevation its level mark gives, else
 * stacked floor on floor. The user confirms or changes it. Pure.
 */
import { DEFAULT_SCENE_OPTIONS } from '../scene/types';
import { levelMark, storeyOfTitle } from './level-names';
import { type Level, MAX_LEVELS } from './schema';

export interface LevelSource {
  fileId: string;
  /** Another storey the drawing holds: the view or page it is on. */
  viewId?: string;
  /** The drawing's file name, as uploaded. */
  fileName: string;
  /** What the drawing calls the plan: its view's or page's label, its title. */
  titles: readonly string[];
  /** The plan's floor-to-ceiling height, metres. */
  storeyHeightM: number;
}

export interface ProposedBuilding {
  levels: Level[];
  warnings: string[];
}

const stripExtension = (name: string) => name.replace(/\.[^.]*$/, '');
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const MAX_LEVEL_NAME = 80;

/** The levels of `sources` (in upload order), bottom first. */
export function proposeBuilding(sources: readonly LevelSource[]): ProposedBuilding {
  const warnings: string[] = [];
  const read = sources.slice(0, MAX_LEVELS).map((source, order) => {
    const texts = [...source.titles, stripExtension(source.fileName)];
    const named = texts.map(storeyOfTitle).find((n) => n !== null) ?? null;
    const mark = texts.map(levelMark).find((m) => m !== null) ?? null;
    return { source, order, named, mark };
  });
  if (sources.length > MAX_LEVELS)
    warnings.push(`Only the first ${MAX_LEVELS} drawings were taken as levels.`);
  const unnamed = read.filter((r) => !r.named);
  if (read.length > 1 && unnamed.length)
    warnings.push(
      unnamed.length === read.length
        ? 'No drawing names its storey, so the levels follow the order the drawings were uploaded in. Check their order and heights.'
        : `${unnamed.map((r) => stripExtension(r.source.fileName)).join(', ')} ${unnamed.length > 1 ? 'name' : 'names'} no storey and ${unnamed.length > 1 ? 'were' : 'was'} put on top. Check their order.`,
    );
  const topRank = Math.max(0, ...read.map((r) => r.named?.rank ?? 0));
  const ordered = [...read].sort(
    (p, q) =>
      (p.named?.rank ?? topRank + 1 + p.order) - (q.named?.rank ?? topRank + 1 + q.order) ||
      p.order - q.order,
  );
  const elevations = stackedElevations(ordered);
  const levels = ordered.map(
    ({ source, named }, i): Level => ({
      name:
        (named ? capitalised(named.text) : stripExtension(source.fileName)).slice(0, MAX_LEVEL_NAME) ||
        'Level',
      fileId: source.fileId,
      ...(source.viewId ? { viewId: source.viewId } : {}),
      elevationM: elevations[i]!,
      rotationDeg: 0,
      offsetM: [0, 0],
    }),
  );
  return { levels, warnings };
}

/**
 * Floor elevations bottom first: the level marks when every level has one, else floor on floor (each storey's
 * height and a slab), with the ground floor (the first level named so, else the lowest) at 0.
 */
function stackedElevations(
  ordered: readonly { source: LevelSource; named: { rank: number } | null; mark: number | null }[],
): number[] {
  if (ordered.length && ordered.every((r) => r.mark !== null)) return ordered.map((r) => r.mark!);
  const floorToFloor = (r: (typeof ordered)[number]) =>
    r.source.storeyHeightM + DEFAULT_SCENE_OPTIONS.slabThickness;
  const stacked: number[] = [];
  let at = 0;
  for (const r of ordered) {
    stacked.push(at);
    at += floorToFloor(r);
  }
  const ground = Math.max(
    0,
    ordered.findIndex((r) => r.named?.rank === 0),
  );
  const datum = stacked[ground] ?? 0;
  return stacked.map((e) => Math.round((e - datum) * 1000) / 1000);
}
