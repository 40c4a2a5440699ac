/**
 * One spine: a correction made in "What Planform read" reaches every output. A sheet holds two plans; the user picks
 * the other one and doubles the scale. The viewer's model, the glb, the IFC (read back with web-ifc), a local render
 * and the Bedrock conditioning image, each made the way the product makes it from the stored plan, then show the
 * same building from one camera (silhouette IoU ≥ 0.95), and it is the corrected one.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IfcAPI } from 'web-ifc';
import { type Entity, lineEntity, rectEntity, writeDxf } from '../../bench/conventions/dxf-writer';
import { readPlan } from '../../engine/plan/read-plan';
import { renderScene } from '../../engine/render/render';
import type { PlanCorrections, PlanModel } from '../../shared/plan/schema';
import { readPrompt } from '../../shared/prompt/scene-settings';
import { buildScene } from '../../shared/scene/build';
import type { SceneCamera } from '../../shared/scene/cameras';
import { sceneToGlb } from '../../shared/scene/gltf';
import { sceneToIfc } from '../../shared/scene/ifc';
import { sceneLayers } from '../../shared/scene/nodes';
import type { Scene } from '../../shared/scene/types';
import { modelView } from '../lib/generation/model-view';
import { sceneConditionImage } from '../lib/providers/conditioning';
import {
  glbTriangles,
  ifcTriangles,
  lineDrawingSilhouette,
  type Silhouette,
  silhouetteIoU,
  triangleSilhouette,
} from '../test/silhouette';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const SIZE = 256;
const STOREY_HEIGHT = 2.7;
const WALLS = 'A-WALL';

/** A plan of double-line walls (an outline and one partition) with its title, its lower left corner at (x, y), metres. */
function planView(
  x: number,
  y: number,
  width: number,
  depth: number,
  thickness: number,
  title: string,
): Entity[] {
  const split = x + width * 0.4;
  return [
    rectEntity(WALLS, x, y, x + width, y + depth),
    rectEntity(WALLS, x + thickness, y + thickness, x + width - thickness, y + depth - thickness),
    lineEntity(WALLS, [split, y + thickness], [split, y + depth - thickness]),
    lineEntity(WALLS, [split + 0.1, y + thickness], [split + 0.1, y + depth - thickness]),
    { type: 'TEXT', layer: 'A-ANNO', at: [x, y - 1.5], height: 0.5, text: title },
  ];
}

/** A sheet in millimetres with two plans side by side: a 12 × 8 m house and, 18 m to its right, a 7 × 5 m annex. */
const sheet = () =>
  Buffer.from(
    writeDxf(
      {
        entities: [...planView(0, 0, 12, 8, 0.3, 'HOUSE'), ...planView(30, 0, 7, 5, 0.25, 'ANNEX')],
        blocks: new Map(),
      },
      { flavour: 'r2000', unitsPerMetre: 1000, insUnits: 4 },
    ),
  );

/** The viewer's layers (what it draws) seen through a camera. */
function viewerSilhouette(scene: Scene, camera: SceneCamera): Silhouette {
  const triangles = Object.values(sceneLayers(scene)).flatMap((mesh) =>
    [...mesh.indices].flatMap((i) => [
      mesh.positions[i * 3]!,
      mesh.positions[i * 3 + 1]!,
      mesh.positions[i * 3 + 2]!,
    ]),
  );
  return triangleSilhouette(triangles, camera, SIZE, SIZE);
}

/** Each output's silhouette from the camera the Generate task gives variation 1. */
async function silhouettes(
  plan: PlanModel,
): Promise<{ scene: Scene; camera: SceneCamera; of: Record<string, Silhouette> }> {
  // The viewer and the downloads build the plan as the API answers it (with its storey height); Generate asks modelView.
  const scene = buildScene({ ...plan, storeyHeight: STOREY_HEIGHT });
  const view = modelView(plan, STOREY_HEIGHT, { variation: 1 })!;
  const camera = view.camera;
  const render = await renderScene(view.scene, 1, 'photorealistic', SIZE, {
    camera,
    settings: readPrompt('flat roof').settings,
  });
  const condition = await sceneConditionImage(view, SIZE);
  const grey = await sharp(condition.png).greyscale().raw().toBuffer();
  return {
    scene,
    camera,
    of: {
      viewer: viewerSilhouette(scene, camera),
      glb: triangleSilhouette(glbTriangles(sceneToGlb(scene)), camera, SIZE, SIZE),
      ifc: triangleSilhouette(ifcTriangles(ifc, sceneToIfc(scene, { name: 'Sheet' })), camera, SIZE, SIZE),
      'local render': render.classes.map((c) => (c >= 2 ? 1 : 0)),
      'conditioning image': lineDrawingSilhouette(new Uint8Array(grey), SIZE, SIZE),
    },
  };
}

let ifc: IfcAPI;
const read = async (corrections?: PlanCorrections) =>
  (await readPlan({ bytes: sheet(), fileName: 'sheet.dxf', ...(corrections ? { corrections } : {}) })).plan;

beforeAll(async () => {
  ifc = new IfcAPI();
  await ifc.Init();
});

describe('a correction reaches every output', () => {
  it('another view at twice the scale: every output shows that building, and all agree from one camera', async () => {
    const asRead = await read();
    expect(asRead.source.views?.map((v) => v.id)).toEqual(['view-1', 'view-2']);
    const annex = await read({ viewId: 'view-2' });
    const corrected = await read({ viewId: 'view-2', metresPerUnit: annex.space.metresPerUnit * 2 });

    const before = await silhouettes(asRead);
    const after = await silhouettes(corrected);
    // And it changed: from the corrected model's camera, the building as first read (12 × 8 m, both models standing
    // on their lower-left corner) covers visibly other pixels than the corrected 14 × 10 m one.
    expect(silhouetteIoU(viewerSilhouette(before.scene, after.camera), after.of.viewer!)).toBeLessThan(0.9);
    for (const { of } of [before, after])
      for (const [output, mask] of Object.entries(of)) {
        expect(
          mask.reduce((n, v) => n + v, 0),
          `${output} shows a building`,
        ).toBeGreaterThan(SIZE * 4);
        const agreement = silhouetteIoU(mask, of.viewer!);
        if (process.env.PRINT_IOU) console.log(`${output}: IoU ${agreement.toFixed(3)} against the viewer`);
        expect(agreement, `${output} against the viewer`).toBeGreaterThanOrEqual(0.95);
      }
    // The corrected model is the annex at twice its size: 14 × 10 m, not the 12 × 8 m house.
    const size = (scene: Scene) => [0, 2].map((k) => scene.bounds.max[k]! - scene.bounds.min[k]!);
    const annexSize = size(buildScene(annex));
    size(after.scene).forEach((metres, k) => {
      expect(Math.abs(metres - annexSize[k]! * 2)).toBeLessThan(0.1);
    });
    expect(size(after.scene)[0]).toBeCloseTo(14, 0);
    expect(size(before.scene)[0]).toBeCloseTo(12, 0);
  });
});
