import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sceneOfFile } from '../../bench/lib/fixture-scene';
import { RENDER_STYLES, type RenderStyle, styleFromPrompt, type VariationNumber } from '../../shared/domain';
import { readPrompt } from '../../shared/prompt/scene-settings';
import { buildScene } from '../../shared/scene/build';
import { defaultCameras, roomCamera } from '../../shared/scene/cameras';
import { renderLines } from '../../shared/scene/line-render';
import type { Scene, Vec3 } from '../../shared/scene/types';
import { PDF_LAYOUT, PLAN, PNG_LAYOUT, planDxf, planPdf, planPng } from '../drawing/fixtures/plan';
import { normaliseDrawing } from '../drawing/normalise';
import type { NormalisedDrawing } from '../drawing/types';
import { buildPlan } from '../plan/build-plan';
import { renderScene, type SceneRender } from './render';
import { FLOOR_LEVEL } from './scene';

// Renders take ~0.5 s each on an idle core; leave room for a busy CI machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

type Fixture = 'dxf' | 'png' | 'pdf';
const drawings = {} as Record<Fixture, NormalisedDrawing>;
/** Each fixture's 3D model, built from its stored plan as the product builds it. */
const scenes = {} as Record<Fixture, Scene>;
const renders = new Map<string, SceneRender>();

/** A render of the fixture; `roofless` asks for no roof, to look into the rooms from outside. */
async function render(fixture: Fixture, style: RenderStyle, variation: VariationNumber, roofless = false) {
  const k = `${fixture}/${style}/${variation}/${roofless}`;
  let r = renders.get(k);
  if (!r) {
    r = await renderScene(scenes[fixture], variation, style, 1024, {
      ...(roofless ? { settings: readPrompt('no roof').settings } : {}),
    });
    renders.set(k, r);
  }
  return r;
}

/**
 * A point of the fixture's plan (millimetres) at a height above the ground (metres) → the fixture's 3D model: through
 * its plan's space (DXF: the same millimetres; PNG: the image's pixels; PDF: the page's points, y down).
 */
function toScene(fixture: Fixture, x: number, y: number, aboveGround: number): Vec3 {
  let planPoint: [number, number];
  if (fixture === 'dxf') planPoint = [x, y];
  else if (fixture === 'png')
    planPoint = [
      x * PNG_LAYOUT.scale + PNG_LAYOUT.margin,
      (PLAN.height - y) * PNG_LAYOUT.scale + PNG_LAYOUT.margin,
    ];
  else
    planPoint = [
      x * PDF_LAYOUT.scale + PDF_LAYOUT.margin,
      PDF_LAYOUT.pageHeight - (y * PDF_LAYOUT.scale + PDF_LAYOUT.margin),
    ];
  const scene = scenes[fixture];
  const m = scene.metresPerUnit;
  const dz = (planPoint[1] - scene.planOrigin[1]) * m;
  return [(planPoint[0] - scene.planOrigin[0]) * m, aboveGround - FLOOR_LEVEL, scene.planYDown ? dz : -dz];
}

function classNear(r: SceneRender, px: number, py: number, wanted: (c: number) => boolean, radius = 1) {
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const x = Math.floor(px) + dx;
      const y = Math.floor(py) + dy;
      if (x >= 0 && y >= 0 && x < r.width && y < r.height && wanted(r.classes[y * r.width + x]!)) return true;
    }
  }
  return false;
}

async function decode(png: Buffer) {
  return sharp(png).raw().toBuffer({ resolveWithObject: true });
}

async function meanAbsDiff(a: Buffer, b: Buffer) {
  const [x, y] = await Promise.all([decode(a), decode(b)]);
  let sum = 0;
  for (let i = 0; i < x.data.length; i++) sum += Math.abs(x.data[i]! - (y.data[i] ?? 0));
  return sum / x.data.length;
}

const fixtureFile = async (fixture: Fixture) =>
  fixture === 'dxf'
    ? { bytes: Buffer.from(planDxf()), fileName: 'plan.dxf' }
    : fixture === 'png'
      ? { bytes: await planPng(), fileName: 'plan.png' }
      : { bytes: Buffer.from(await planPdf()), fileName: 'plan.pdf' };

beforeAll(async () => {
  for (const fixture of ['dxf', 'png', 'pdf'] as const) {
    const { bytes, fileName } = await fixtureFile(fixture);
    drawings[fixture] = await normaliseDrawing({ bytes, fileName });
    scenes[fixture] = (await sceneOfFile(bytes, fileName)).scene;
  }
});

describe('plan analysis', () => {
  it.each(['dxf', 'png', 'pdf'] as const)(
    'finds the walls, 3 rooms and the openings of the %s fixture',
    (fixture) => {
      const plan = buildPlan(drawings[fixture]);
      expect(plan.rooms).toHaveLength(PLAN.rooms);
      expect(plan.openings.filter((o) => o.kind === 'window').length).toBe(fixture === 'pdf' ? 0 : 2);
      expect(plan.openings).toHaveLength(5);
      if (fixture === 'dxf') {
        expect(plan.wallCount).toBe(PLAN.walls.length);
        expect(plan.openings.filter((o) => o.kind === 'door')).toHaveLength(3);
      }
    },
  );
});

describe('renderer keeps the geometry', () => {
  const cases: [Fixture, RenderStyle][] = [
    ['dxf', 'isometric'],
    ['dxf', 'photorealistic'],
    ['dxf', 'interior'],
    ['png', 'isometric'],
    ['png', 'photorealistic'],
    ['pdf', 'isometric'],
  ];
  it.each(cases)('%s, %s: wall pixels are massing, empty areas stay empty', async (fixture, style) => {
    // Without its roof, so the rooms' floors show from outside.
    const r = await render(fixture, style, 1, true);
    let hits = 0;
    let samples = 0;
    for (const [x1, y1, x2, y2] of PLAN.walls) {
      const len = Math.hypot(x2 - x1, y2 - y1);
      const n = Math.max(2, Math.round(len / 250));
      for (let i = 1; i < n; i++) {
        const point = toScene(fixture, x1 + ((x2 - x1) * i) / n, y1 + ((y2 - y1) * i) / n, r.wallTop - 0.01);
        const [px, py] = r.projectScene(point);
        samples++;
        if (classNear(r, px, py, (c) => c === 3 || c === 4)) hits++;
      }
    }
    expect(samples).toBeGreaterThan(150);
    expect(hits / samples).toBeGreaterThanOrEqual(0.9);

    // Inside the rooms: wherever the floor is visible, it is floor, not wall.
    let floors = 0;
    for (const [x0, y0, x1, y1] of PLAN.roomClear) {
      for (let fx = x0; fx <= x1; fx += 400) {
        for (let fy = y0; fy <= y1; fy += 400) {
          const point = toScene(fixture, fx, fy, FLOOR_LEVEL);
          if (!r.visible(point)) continue;
          floors++;
          const [px, py] = r.projectScene(point);
          expect(r.classes[Math.floor(py) * r.width + Math.floor(px)]).toBe(2);
        }
      }
    }
    expect(floors).toBeGreaterThanOrEqual(10);

    // Around the building (a ring 1.5 m out): ground or background, never massing.
    let outside = 0;
    const ring: [number, number][] = [];
    for (let t = -1500; t <= PLAN.width + 1500; t += 1000) ring.push([t, -1500], [t, PLAN.height + 1500]);
    for (let t = -1500; t <= PLAN.height + 1500; t += 1000) ring.push([-1500, t], [PLAN.width + 1500, t]);
    for (const [ox, oy] of ring) {
      const point = toScene(fixture, ox, oy, 0);
      const [px, py] = r.projectScene(point);
      if (px < 0 || py < 0 || px >= r.width || py >= r.height || !r.visible(point)) continue;
      outside++;
      expect(r.classes[Math.floor(py) * r.width + Math.floor(px)]).toBeLessThanOrEqual(1);
    }
    expect(outside).toBeGreaterThanOrEqual(6);
  });
});

describe('the roof', () => {
  const roofShare = (r: SceneRender) => r.classes.filter((c) => c === 5).length / r.classes.length;

  it('is the 3D model’s in an exterior render; the isometric and the interior stay cut away', async () => {
    expect(roofShare(await render('dxf', 'photorealistic', 1))).toBeGreaterThan(0.03);
    expect(roofShare(await render('dxf', 'night', 1))).toBeGreaterThan(0.03);
    expect(roofShare(await render('dxf', 'isometric', 1))).toBe(0);
    expect(roofShare(await render('dxf', 'interior', 1))).toBe(0);
  });

  it('is left out where the model has none, or the prompt says so', async () => {
    const { scene: open } = await sceneOfFile(Buffer.from(planDxf()), 'plan.dxf', { scene: { roof: false } });
    expect(roofShare(await renderScene(open, 1, 'photorealistic', 256))).toBe(0);
    expect(roofShare(await render('dxf', 'photorealistic', 1, true))).toBe(0);
  });
});

describe('variations and styles', () => {
  it('renders three different, valid 1024 × 1024 PNGs', async () => {
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map((v) => render('dxf', 'photorealistic', v as VariationNumber)),
    );
    for (const r of [a!, b!, c!]) {
      const meta = await sharp(r.png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);
      expect(r.description.length).toBeGreaterThan(20);
    }
    expect(await meanAbsDiff(a!.png, b!.png)).toBeGreaterThan(12);
    expect(await meanAbsDiff(a!.png, c!.png)).toBeGreaterThan(12);
    expect(await meanAbsDiff(b!.png, c!.png)).toBeGreaterThan(12);
  });

  it('gives each style its own look', async () => {
    const pngs: Buffer[] = [];
    for (const style of RENDER_STYLES) pngs.push((await render('dxf', style, 1)).png);
    for (let i = 0; i < pngs.length; i++) {
      for (let j = i + 1; j < pngs.length; j++)
        expect(await meanAbsDiff(pngs[i]!, pngs[j]!)).toBeGreaterThan(10);
    }
  });

  it('is deterministic: the same input gives the same bytes', async () => {
    const { scene: again } = await sceneOfFile(Buffer.from(planDxf()), 'plan.dxf');
    const first = await render('dxf', 'artistic', 1);
    const second = await renderScene(again, 1, 'artistic', 1024);
    expect(second.png.equals(first.png)).toBe(true);
  });

  it('raises the walls to the 3D model’s storey height, 2.70 m by default', async () => {
    const standard = await renderScene(scenes.dxf, 1, 'isometric', 256);
    const { scene: tallScene } = await sceneOfFile(Buffer.from(planDxf()), 'plan.dxf', {
      scene: { storeyHeight: 3.4 },
    });
    const tall = await renderScene(tallScene, 1, 'isometric', 256);
    expect(standard.wallTop - FLOOR_LEVEL).toBeCloseTo(2.7, 6);
    expect(tall.wallTop - FLOOR_LEVEL).toBeCloseTo(3.4, 6);
    expect(await meanAbsDiff(standard.png, tall.png)).toBeGreaterThan(1);
  });

  it('maps prompts to styles', () => {
    expect(styleFromPrompt('Isometric architectural rendering')).toBe('isometric');
    expect(styleFromPrompt('Photorealistic exterior view')).toBe('photorealistic');
    expect(styleFromPrompt('Artistic watercolor style')).toBe('artistic');
    expect(styleFromPrompt('A soft watercolour sketch')).toBe('artistic');
    expect(styleFromPrompt('Night scene with ambient lighting')).toBe('night');
    expect(styleFromPrompt('Modern interior with natural lighting')).toBe('interior');
    expect(styleFromPrompt('something nice')).toBe('photorealistic');
  });
});

describe('bounded work for any input', () => {
  it('caps a dense drawing (20,000 random wall lines) and still renders quickly', async () => {
    let seed = 1;
    const rnd = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const lines: string[] = ['0\nSECTION\n2\nENTITIES'];
    for (let i = 0; i < 20_000; i++) {
      const x = rnd() * 50_000;
      const y = rnd() * 40_000;
      const horizontal = rnd() > 0.5;
      const len = 300 + rnd() * 3000;
      const [x2, y2] = horizontal ? [x + len, y] : [x, y + len];
      lines.push(`0\nLINE\n8\nA-WALL\n10\n${x}\n20\n${y}\n11\n${x2}\n21\n${y2}`);
    }
    lines.push('0\nENDSEC\n0\nEOF\n');
    const started = performance.now();
    const { plan, scene } = await sceneOfFile(Buffer.from(lines.join('\n')), 'dense.dxf');
    expect(plan.walls.length).toBeLessThanOrEqual(5000);
    expect(plan.warnings.join(' ')).toMatch(/longest were kept/);
    const r = await renderScene(scene, 1, 'isometric', 512);
    expect(r.width).toBe(512);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

describe('a camera placed on the 3D model', () => {
  // The render and the model's hidden-line drawing come from the same model: seen from the same camera, the
  // building covers the same pixels.
  it.each(['dxf', 'png', 'pdf'] as const)(
    'renders the %s from it: the building where the model is',
    async (fixture) => {
      const scene = scenes[fixture];
      const camera = defaultCameras(scene)[2];
      const size = 256;
      const r = await renderScene(scene, 2, 'photorealistic', size, { camera });
      const model = renderLines(scene, camera, { width: size, height: size, without: ['Roof'] });
      let both = 0;
      let either = 0;
      for (let i = 0; i < size * size; i++) {
        const inRender = r.classes[i]! >= 2;
        const inModel = model.depth[i]! > 0;
        if (inRender && inModel) both++;
        if (inRender || inModel) either++;
      }
      expect(both / either).toBeGreaterThan(0.9);
      // Not the style's own framing: that one puts the building elsewhere.
      const framed = await renderScene(scene, 2, 'photorealistic', size);
      expect(framed.png.equals(r.png)).toBe(false);
    },
  );

  it('draws every wall the model has (an edited plan’s too)', async () => {
    const { plan } = await sceneOfFile(Buffer.from(planDxf()), 'plan.dxf');
    // A wall only the edited model has (across the big room) appears in the render.
    const extra = buildScene({
      ...plan,
      walls: [...plan.walls, { a: [1000, 4500], b: [6000, 4500], thickness: 200 }],
    });
    const camera = defaultCameras(extra)[1];
    const withWall = await renderScene(extra, 1, 'photorealistic', 256, { camera });
    const without = await renderScene(buildScene(plan), 1, 'photorealistic', 256, { camera });
    expect(withWall.png.equals(without.png)).toBe(false);
  });

  it('lays its floor and a flat roof over the model’s footprint (the viewer’s and the exports’)', async () => {
    const scene = scenes.dxf;
    const [x0, x1] = [scene.bounds.min[0], scene.bounds.max[0]];
    const [z0, z1] = [scene.bounds.min[2], scene.bounds.max[2]];
    // A footprint of the building's left half only: the renderer must take the model's.
    const xm = (x0 + x1) / 2;
    const half: [number, number][] = [
      [x0, z1],
      [xm, z1],
      [xm, z0],
      [x0, z0],
    ];
    // The roof's outline is the footprint in a one-storey model (the top storey's in a building).
    const model = { ...scene, footprint: half, roof: scene.roof && { ...scene.roof, outline: half } };
    const centre: [number, number, number] = [(x0 + x1) / 2, 0, (z0 + z1) / 2];
    const camera = {
      position: [centre[0], 60, centre[2] + 0.01] as [number, number, number],
      target: centre,
      fovDeg: 30,
    };
    const r = await renderScene(model, 1, 'photorealistic', 256, {
      camera,
      settings: readPrompt('flat roof').settings,
    });
    const roofTop = r.wallTop + 0.3 - FLOOR_LEVEL;
    const at = (x: number, z: number) => {
      const [px, py] = r.projectScene([x, roofTop, z]);
      return r.classes[Math.floor(py) * r.width + Math.floor(px)];
    };
    expect(at(x0 + (xm - x0) * 0.5, (z0 + z1) / 2)).toBe(5); // roof over the left half
    expect(at(xm + (x1 - xm) * 0.5, (z0 + z1) / 2)).not.toBe(5); // none over the right
  });

  it.each(['interior', 'photorealistic'] as const)(
    'stands a camera placed in a room under its ceiling, between whole walls (%s)',
    async (style) => {
      const scene = scenes.dxf;
      const largest = scene.rooms.reduce((a, b) => (b.areaM2 > a.areaM2 ? b : a));
      const r = await renderScene(scene, 1, style, 256, { camera: roomCamera(largest) });
      const share = (cls: number, rows: [number, number]) => {
        let n = 0;
        for (let y = rows[0]; y < rows[1]; y++)
          for (let x = 0; x < r.width; x++) n += r.classes[y * r.width + x] === cls ? 1 : 0;
        return n / ((rows[1] - rows[0]) * r.width);
      };
      // No sky anywhere: the top of the picture is the ceiling, the rest walls, windows and floor.
      expect(share(0, [0, r.height])).toBe(0);
      expect(share(6, [0, Math.round(r.height * 0.15)])).toBeGreaterThan(0.9);
      expect(share(2, [Math.round(r.height * 0.85), r.height])).toBeGreaterThan(0.5);
      // Lit, not black: the ceiling's pixels are bright plaster.
      const raw = await sharp(r.png).raw().toBuffer();
      let sum = 0;
      for (let x = 0; x < r.width; x++) sum += raw[(2 * r.width + x) * 3]!;
      expect(sum / r.width).toBeGreaterThan(90);
    },
  );

  it('renders an interior the prompt asks for from inside the largest room, under its ceiling', async () => {
    const scene = scenes.dxf;
    const settings = readPrompt('modern interior, white kitchen').settings;
    const r = await renderScene(scene, 1, 'interior', 256, { settings });
    const largest = scene.rooms.reduce((a, b) => (b.areaM2 > a.areaM2 ? b : a));
    // "Open in 3D" opens where it was seen from: the room view of the largest room.
    expect(r.viewpoint).toEqual(roomCamera(largest));
    const top = r.classes.slice(0, Math.round(r.height * 0.15) * r.width);
    expect(r.classes.filter((c) => c === 0)).toHaveLength(0);
    expect(top.filter((c) => c === 6).length / top.length).toBeGreaterThan(0.9);
    // Without an interior asked for, the interior style stays the cut-away from above.
    expect((await render('dxf', 'interior', 1)).classes.some((c) => c === 6)).toBe(false);
  });

  it.each(['isometric', 'interior'] as const)(
    'names the camera on the model nearest to a %s render (drawn in its own projection) for Open in 3D',
    async (style) => {
      const scene = scenes.dxf;
      const own = await renderScene(scene, 1, style, 256);
      expect(own.viewpoint).toBeDefined();
      // Rendered from that camera (as a placed camera), the building covers nearly the same pixels.
      const fromViewpoint = await renderScene(scene, 1, style, 256, { camera: own.viewpoint! });
      expect(fromViewpoint.viewpoint).toBeUndefined();
      const building = (r: SceneRender) => r.classes.map((c) => (c >= 2 ? 1 : 0));
      const [a, b] = [building(own), building(fromViewpoint)];
      let both = 0;
      let either = 0;
      for (let i = 0; i < a.length; i++) {
        if (a[i] && b[i]) both++;
        if (a[i] || b[i]) either++;
      }
      expect(both / either).toBeGreaterThan(0.8);
    },
  );
});
