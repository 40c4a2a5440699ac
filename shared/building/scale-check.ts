/**
 * What the user should check about the levels' scales: a level whose scale was guessed (its drawing states none, and
 * no doors or written dimensions implied one) beside levels whose scale was read has a size nothing on its drawing
 * vouches for, so its fit over them proves nothing either. (When every level's was guessed, each plan says so.)
 */
import type { PlanModel } from '../plan/schema';

export function guessedScaleWarnings(
  levels: readonly { name: string; space: Pick<PlanModel['space'], 'scaleSource'> }[],
): string[] {
  if (levels.every((level) => level.space.scaleSource === 'guessed')) return [];
  return levels
    .filter((level) => level.space.scaleSource === 'guessed')
    .map(
      (level) =>
        `${level.name}: its scale was guessed (its drawing states none, and no doors or dimensions were found): check its size against the other levels, or set its scale in “What Planform read”.`,
    );
}
