/**
 * The local renderer: scene → massing mesh → z-buffer rasterisation → deferred shading (`shade.ts`: sun with a
 * PCF shadow map, hemisphere ambient, cheap ambient occlusion from the plan's wall distance, procedural materials,
 * interior lamps and window glow, sky and fog, at two rates) → anti-aliasing or a watercolour treatment → PNG.
 * Deterministic: the only randomness is hashed from the input and the variation.
 */

import sharp from 'sharp';
import type { RenderStyle, VariationNumber } from '../../shared/domain';
import { pointInPolygon } from '../../shared/plan/geometry';
import type { SceneSettings } from '../../shared/prompt/scene-settings';
import { interiorCamera, type SceneCamera } from '../../shared/scene/cameras';
import type { Scene } from '../../shared/scene/types';
import type { Plan } from '../plan/build-plan';
import { modelPlan } from './model-plan';
import { sceneSeed } from './noise';
import { describeRender, lookWithSettings, roofFor } from './prompt-look';
import {
  directionFrom,
  type Frame,
  fitCamera,
  lightCamera,
  lookAtCamera,
  project,
  rasterize,
  type Vec3,
} from './raster';
import { buildMesh, MAT } from './scene';
import { type ShadeContext, shade, windowGlow } from './shade';
import { type Look, lookFor } from './styles';
import { sceneToWorld, viewpointOf, worldCamera, worldToScene } from './view-camera';
import { watercolour } from './watercolour';

export interface SceneRender {
  png: Buffer;
  width: number;
  height: number;
  description: string;
  /** Per-pixel class: 0 sky/background, 1 ground, 2 floor/slab, 3 wall (incl. lintels, sills, frames), 4 glass, 5 roof. */
  classes: Uint8Array;
  /** A point of the 3D model (scene metres, Y up) → image pixel [x, y]. */
  projectScene: (p: Vec3) => [number, number];
  /** Whether that point of the model is the nearest surface at its pixel (not hidden). */
  visible: (p: Vec3) => boolean;
  /** Height of the wall tops in this render (cut-away views cut them), metres above the ground. */
  wallTop: number;
  plan: Plan;
  /**
   * Rendered with the 3D model in the style's own projection (no camera given): the camera on the model nearest
   * to it, for "Open in 3D".
   */
  viewpoint?: SceneCamera;
  timings: Record<string, number>;
}

const SHADOW_SIZE = 1024;
/** zlib level of the PNG: 2 writes a render in under half the time of 6 for about 20 % more bytes. */
const PNG_COMPRESSION = 2;
/**
 * Styles seen from outside that show the 3D model's roof, as the viewer and the exports do (the prompt may ask for
 * another roof, or none); the isometric and the interior are cut-away views into the rooms.
 */
const ROOFED_STYLES: ReadonlySet<RenderStyle> = new Set(['photorealistic', 'artistic', 'night']);
/** Whether a camera placed on the model stands in one of its rooms, between the floor and the wall tops. */
function standsInRoom(scene: Scene, camera: SceneCamera): boolean {
  const [x, y, z] = camera.position;
  const wallHeight = scene.walls.reduce((top, w) => Math.max(top, w.height), 0);
  return scene.rooms.some((room) => {
    const floor = room.elevation ?? 0;
    return y > floor && y < floor + wallHeight && pointInPolygon([x, z], room.outline);
  });
}

/** Renders one variation of the 3D model and keeps what tests and the benchmark need (classes, projection, timings). */
export async function renderScene(
  scene: Scene,
  variation: VariationNumber,
  style: RenderStyle,
  size = 1024,
  options: {
    /** A camera on the model to render from (else the style's framing). */
    camera?: SceneCamera;
    /** What the prompt asked for (materials, roof, site, season, time, weather, mood). */
    settings?: SceneSettings;
    /** Without variation 1's emphasis on light and materials: the neutral baseline it is compared with. */
    neutral?: boolean;
  } = {},
): Promise<SceneRender> {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round((now - mark) * 10) / 10;
    mark = now;
  };
  const plan = modelPlan(scene);
  lap('plan');
  const settings = options.settings ?? {};
  const styled = lookWithSettings((v) => lookFor(style, v), variation, settings, options.neutral);
  const roof = roofFor(settings, styled, scene.roof && ROOFED_STYLES.has(style) ? 'flat' : undefined);
  const look: Look = roof
    ? { ...styled, palette: { ...styled.palette, roof: roof.colour }, roofCourses: roof.courses }
    : styled;
  // A prompt asking for an interior, with no camera placed: standing in a room, as the viewer's room view does.
  const roomView =
    options.camera || settings.view !== 'interior' ? undefined : interiorCamera(scene, variation);
  const camera = options.camera ?? roomView;
  // A camera standing in a room sees its walls whole and the ceiling over it, whatever the style would cut away.
  const inRoom = camera !== undefined && standsInRoom(scene, camera);
  const mesh = buildMesh(
    plan,
    {
      groundScale: look.groundScale,
      ...(look.cutHeight !== undefined && !inRoom ? { cutHeight: look.cutHeight } : {}),
      ...(roof ? { roof: roof.kind } : {}),
      ...(inRoom ? { ceilings: true } : {}),
    },
    { scene, toWorld: sceneToWorld },
  );
  const W = size;
  const H = size;
  // A camera the user placed on the 3D model (or in a room for an interior), else the style's own framing.
  const placed = camera ? worldCamera(camera) : null;
  const cam = placed
    ? lookAtCamera(placed.eye, placed.target, placed.fovDeg, W, H)
    : fitCamera(mesh.box, { ...look.camera, width: W, height: H });
  const frame = rasterize(mesh, cam, { twoSided: (m) => m === MAT.glass });
  const box = mesh.box;
  const viewpoint = placed
    ? roomView
    : viewpointOf(
        cam,
        [(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2, (box.minZ + box.maxZ) / 2],
        worldToScene,
      );
  lap('raster');
  const sunDir = directionFrom(look.sun.azimuth, look.sun.elevation);
  const shadowLen = Math.min(mesh.box.maxZ / Math.tan((Math.max(look.sun.elevation, 5) * Math.PI) / 180), 60);
  const sbox = {
    ...mesh.box,
    minX: mesh.box.minX - shadowLen,
    maxX: mesh.box.maxX + shadowLen,
    minY: mesh.box.minY - shadowLen,
    maxY: mesh.box.maxY + shadowLen,
  };
  const shadowCam = lightCamera(sbox, sunDir, SHADOW_SIZE);
  const shadow = rasterize(mesh, shadowCam, {
    skip: (m) => m === MAT.ground || m === MAT.glass,
    // A ceiling faces down, away from the sun, and still keeps it out of the room.
    twoSided: (m) => m === MAT.ceiling,
  });
  lap('shadow');
  const seed = sceneSeed(scene);
  const ctx: ShadeContext = {
    look,
    plan,
    mesh,
    cam,
    sunDir,
    shadowCam,
    shadow,
    glow: windowGlow(plan),
    seed,
    top: mesh.wallTop,
  };
  const out = new Uint8ClampedArray(W * H * 3);
  const classes = new Uint8Array(W * H);
  shade(ctx, frame, out, classes);
  lap('shade');
  const final = look.watercolour
    ? watercolour(out, frame, mesh, W, H, seed + variation)
    : antialias(out, frame, W, H);
  lap('post');
  const png = await sharp(Buffer.from(final.buffer, final.byteOffset, final.byteLength), {
    raw: { width: W, height: H, channels: 3 },
  })
    .png({ compressionLevel: PNG_COMPRESSION })
    .toBuffer();
  lap('encode');
  const projectScene = (p: Vec3): [number, number] => {
    const [sx, sy] = project(cam, ...sceneToWorld(p));
    return [sx, sy];
  };
  const visible = (p: Vec3) => {
    const [sx, sy, d] = project(cam, ...sceneToWorld(p));
    const px = Math.floor(sx);
    const py = Math.floor(sy);
    if (px < 0 || py < 0 || px >= W || py >= H) return false;
    const buf = frame.depth[py * W + px]!;
    const tol = cam.kind === 'ortho' ? 0.05 : Math.abs(d) * 0.01;
    return d >= buf - tol;
  };
  return {
    png,
    width: W,
    height: H,
    description: describeRender(look.description, settings, variation),
    classes,
    projectScene,
    visible,
    wallTop: mesh.wallTop,
    plan,
    ...(viewpoint ? { viewpoint } : {}),
    timings,
  };
}

/** Softens polygon edges: pixels on a triangle-id boundary are blended with their neighbours. */
function antialias(src: Uint8ClampedArray, frame: Frame, W: number, H: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(src);
  const tri = frame.tri;
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const i = y * W + x;
      const t = tri[i]!;
      if (t === tri[i + 1] && t === tri[i - 1] && t === tri[i + W] && t === tri[i - W]) continue;
      for (let c = 0; c < 3; c++) {
        const o = i * 3 + c;
        out[o] = (src[o]! * 4 + src[o + 3]! + src[o - 3]! + src[o + W * 3]! + src[o - W * 3]!) / 8;
      }
    }
  }
  return out;
}
