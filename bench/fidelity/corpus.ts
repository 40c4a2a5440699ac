/** The shared drawing corpus beside the repository (../shared/corpus), read in place and never copied. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { GroundTruth } from './score';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CORPUS_DIR = process.env.PLANFORM_CORPUS ?? join(root, '..', 'shared', 'corpus');
export const corpusAvailable = () => existsSync(join(CORPUS_DIR, 'MANIFEST.md'));
export const CORPUS_MISSING = `The drawing corpus is not at ${CORPUS_DIR} (set PLANFORM_CORPUS to its folder).`;

export interface CorpusFile {
  /** e.g. `dwg/ac2018_flat_plan_double_walls.dwg` */
  path: string;
  name: string;
  absolutePath: string;
  groundTruth: GroundTruth | null;
}

export function corpusFiles(): CorpusFile[] {
  const files: CorpusFile[] = [];
  for (const folder of ['dxf', 'dwg', 'pdf', 'raster']) {
    const dir = join(CORPUS_DIR, folder);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir).sort()) {
      const name = entry.replace(/\.[^.]+$/, '');
      const gtPath = join(CORPUS_DIR, 'gt', `${name}.gt.json`);
      files.push({
        path: `${folder}/${entry}`,
        name,
        absolutePath: join(dir, entry),
        groundTruth: existsSync(gtPath) ? (JSON.parse(readFileSync(gtPath, 'utf8')) as GroundTruth) : null,
      });
    }
  }
  return files;
}

export const groundTruthMaskPath = (name: string) => join(CORPUS_DIR, 'gt', `${name}.gt.png`);

/** A ground-truth wall mask as 0/1 per pixel (255 = wall in the PNG). */
export async function readTruthMask(name: string): Promise<Uint8Array> {
  const { data, info } = await sharp(groundTruthMaskPath(name))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mask = new Uint8Array(info.width * info.height);
  for (let i = 0; i < mask.length; i++) mask[i] = data[i * info.channels]! > 127 ? 1 : 0;
  return mask;
}
