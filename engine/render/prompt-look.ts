/**
 * The prompt's scene settings (shared/prompt/scene-settings.ts) applied to a style's look. The three variations
 * keep their meanings: 1 emphasises light and materials, 2 is another camera, 3 another time of day; the
 * materials, colours, roof, context, season and weather are the same in all three.
 */
import type { VariationNumber } from '../../shared/domain';
import {
  COLOURS,
  type ColourName,
  type RoofKind,
  type RoofMaterial,
  type SceneSettings,
  type TimeOfDay,
  type WallMaterial,
} from '../../shared/prompt/scene-settings';
import { hex, type Look, type RGB } from './styles';

/** The roof the renderer builds over the footprint, and its colour. */
export interface RoofSpec {
  kind: 'flat' | 'pitched';
  colour: RGB;
  /** Tile courses drawn on it. */
  courses: boolean;
}

const WALL_LOOK: Record<WallMaterial, { colour: string; brick: boolean }> = {
  brick: { colour: '#b5654a', brick: true },
  render: { colour: '#ece8df', brick: false },
  concrete: { colour: '#a9a7a1', brick: false },
  timber: { colour: '#9a6a40', brick: false },
  glass: { colour: '#6f8ea6', brick: false },
  stone: { colour: '#c2b59b', brick: true },
  metal: { colour: '#8c9399', brick: false },
};

const ROOF_LOOK: Record<RoofMaterial, { colour: string; courses: boolean }> = {
  tile: { colour: '#a4533a', courses: true },
  slate: { colour: '#4a4f57', courses: true },
  metal: { colour: '#7d858c', courses: false },
  concrete: { colour: '#9d9b95', courses: false },
  timber: { colour: '#7a5a3a', courses: true },
  green: { colour: '#5d8a3c', courses: false },
};

const colour = (name: ColourName): RGB => hex(COLOURS[name]);

interface TimeLook {
  sun: Look['sun'];
  sky: Omit<Look['sky'], 'kind'>;
  ambient: Look['ambient'];
  fog: Look['fog'];
  lamps: number;
  exposure: number;
  words: string;
}

const TIMES: Record<TimeOfDay, TimeLook> = {
  morning: {
    sun: { azimuth: 95, elevation: 18, color: hex('#ffe2c0'), intensity: 2.3 },
    sky: { zenith: hex('#6d98cc'), horizon: hex('#f2dcc8'), glow: hex('#ffd9b0'), stars: false },
    ambient: { sky: hex('#c3d3ea'), ground: hex('#8a8070'), intensity: 0.5 },
    fog: { color: hex('#ecdcd0'), density: 0.009 },
    lamps: 0,
    exposure: 1,
    words: 'early morning light from the east',
  },
  midday: {
    sun: { azimuth: 300, elevation: 55, color: hex('#fff6e6'), intensity: 2.7 },
    sky: { zenith: hex('#4f86c6'), horizon: hex('#d6e6f5'), glow: hex('#fff1d0'), stars: false },
    ambient: { sky: hex('#b9d3f0'), ground: hex('#8a8a70'), intensity: 0.55 },
    fog: { color: hex('#d6e6f5'), density: 0.006 },
    lamps: 0,
    exposure: 1,
    words: 'high midday sun',
  },
  golden: {
    sun: { azimuth: 255, elevation: 11, color: hex('#ffb066'), intensity: 2.8 },
    sky: { zenith: hex('#4a5d8c'), horizon: hex('#ffc48a'), glow: hex('#ff9a4a'), stars: false },
    ambient: { sky: hex('#7d8fc0'), ground: hex('#8a6a50'), intensity: 0.45 },
    fog: { color: hex('#f2b98a'), density: 0.008 },
    lamps: 0.35,
    exposure: 1,
    words: 'golden-hour sun, long shadows',
  },
  dusk: {
    sun: { azimuth: 280, elevation: 4, color: hex('#ff9a7a'), intensity: 0.6 },
    sky: { zenith: hex('#141d45'), horizon: hex('#c9738a'), glow: hex('#f2a07a'), stars: false },
    ambient: { sky: hex('#5a5f94'), ground: hex('#2a2030'), intensity: 0.45 },
    fog: { color: hex('#b06a80'), density: 0.008 },
    lamps: 0.8,
    exposure: 1.1,
    words: 'blue-hour dusk with the lights coming on',
  },
  night: {
    sun: { azimuth: 140, elevation: 35, color: hex('#9fb4ff'), intensity: 0.22 },
    sky: { zenith: hex('#02040d'), horizon: hex('#1b2440'), glow: hex('#6677aa'), stars: true },
    ambient: { sky: hex('#34406a'), ground: hex('#141414'), intensity: 0.35 },
    fog: { color: hex('#1b2440'), density: 0.01 },
    lamps: 1.1,
    exposure: 1.15,
    words: 'night, moonlight and lit windows',
  },
};

/** Variation 3's other time of day, for a prompt that names one. */
const OTHER_TIME: Record<TimeOfDay, TimeOfDay> = {
  morning: 'golden',
  midday: 'golden',
  golden: 'dusk',
  dusk: 'night',
  night: 'dusk',
};

function withTime(look: Look, time: TimeOfDay): Look {
  const t = TIMES[time];
  // Studio and paper backdrops keep their kind; a night studio darkens.
  const sky: Look['sky'] =
    look.sky.kind === 'sky'
      ? { kind: 'sky', ...t.sky }
      : time === 'night' || time === 'dusk'
        ? { ...look.sky, zenith: t.sky.zenith, horizon: t.sky.horizon, glow: t.sky.horizon }
        : look.sky;
  return {
    ...look,
    sun: t.sun,
    sky,
    ambient: t.ambient,
    fog: look.fog.density === 0 ? look.fog : t.fog,
    lamps: Math.max(t.lamps, look.cutHeight ? look.lamps : 0),
    exposure: t.exposure,
  };
}

const scale = (c: RGB, k: number): RGB => [c[0] * k, c[1] * k, c[2] * k];
const blend = (a: RGB, b: RGB, t: number): RGB => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

function withSite(look: Look, s: SceneSettings): Look {
  let palette = look.palette;
  let sky = look.sky;
  let groundScale = look.groundScale;
  if (s.context === 'street') palette = { ...palette, ground: hex('#5b5d60'), groundAlt: hex('#6e7073') };
  if (s.context === 'none') {
    palette = { ...palette, ground: hex('#e4e4df'), groundAlt: hex('#dcdcd6') };
    if (sky.kind === 'sky') sky = { ...sky, kind: 'studio', zenith: hex('#e9edf2'), horizon: hex('#fbfbfa') };
    groundScale = Math.min(groundScale, 1.4);
  }
  if (s.context === 'garden' && look.sky.kind === 'studio')
    palette = { ...palette, ground: hex('#6f9a45'), groundAlt: hex('#94b865') };
  if (s.season === 'spring') palette = { ...palette, ground: hex('#6fa63f'), groundAlt: hex('#a3cc6a') };
  if (s.season === 'autumn') palette = { ...palette, ground: hex('#8f7a3a'), groundAlt: hex('#b5833f') };
  if (s.season === 'winter' || s.weather === 'snow')
    palette = { ...palette, ground: hex('#eef1f5'), groundAlt: hex('#dfe5ec') };
  return { ...look, palette, sky, groundScale };
}

function withWeather(look: Look, s: SceneSettings): Look {
  if (!s.weather || s.weather === 'clear') return look;
  const grey: Look['sky'] =
    look.sky.kind === 'sky'
      ? { ...look.sky, zenith: hex('#7d858f'), horizon: hex('#c3c8cd'), glow: hex('#c3c8cd') }
      : look.sky;
  const overcast: Look = {
    ...look,
    sun: { ...look.sun, intensity: look.sun.intensity * 0.3 },
    sky: look.sky.stars ? look.sky : grey,
    ambient: { ...look.ambient, intensity: look.ambient.intensity + 0.45 },
    softness: Math.max(look.softness, 8),
  };
  if (s.weather === 'overcast' || s.weather === 'snow') return overcast;
  if (s.weather === 'rain')
    return {
      ...overcast,
      exposure: overcast.exposure * 0.88,
      fog: { color: hex('#9aa2aa'), density: Math.max(look.fog.density, 0.014) },
      palette: {
        ...overcast.palette,
        ground: scale(overcast.palette.ground, 0.6),
        groundAlt: scale(overcast.palette.groundAlt, 0.6),
      },
    };
  return { ...overcast, fog: { color: hex('#d5d9dd'), density: Math.max(look.fog.density, 0.05) } };
}

function withMood(look: Look, s: SceneSettings): Look {
  switch (s.mood) {
    case 'warm':
      return { ...look, sun: { ...look.sun, color: blend(look.sun.color, hex('#ffc890'), 0.5) } };
    case 'cool':
      return {
        ...look,
        sun: { ...look.sun, color: blend(look.sun.color, hex('#d8e6ff'), 0.6) },
        ambient: { ...look.ambient, sky: blend(look.ambient.sky, hex('#a9c4ff'), 0.4) },
      };
    case 'moody':
      return {
        ...look,
        exposure: look.exposure * 0.8,
        fog: { ...look.fog, density: look.fog.density * 1.6 },
      };
    case 'bright':
      return {
        ...look,
        exposure: look.exposure * 1.15,
        ambient: { ...look.ambient, intensity: look.ambient.intensity + 0.2 },
      };
    default:
      return look;
  }
}

function withMaterials(look: Look, s: SceneSettings): Look {
  if (!s.wallMaterial && !s.wallColour) return look;
  const material = s.wallMaterial ? WALL_LOOK[s.wallMaterial] : null;
  const base = material ? hex(material.colour) : look.palette.wall;
  // A colour tints the material (white brick stays brick); alone it paints the walls.
  const wall = s.wallColour
    ? material?.brick
      ? blend(base, colour(s.wallColour), 0.75)
      : colour(s.wallColour)
    : base;
  return {
    ...look,
    palette: {
      ...look.palette,
      wall,
      glass: s.wallMaterial === 'glass' ? hex('#4e6c84') : look.palette.glass,
    },
    brick: material ? material.brick : look.brick,
  };
}

/** The roof the prompt asks for (none when it asks for none or names none, or in a cut-away view). */
export function roofFor(
  s: SceneSettings,
  look: Look,
  /** The 3D model's own roof, drawn when the prompt names none. */
  modelRoof?: RoofKind,
): RoofSpec | undefined {
  const kind = s.roof ?? modelRoof;
  if (!kind || kind === 'none' || look.cutHeight || s.view === 'interior') return undefined;
  const material = s.roofMaterial
    ? ROOF_LOOK[s.roofMaterial]
    : kind === 'flat'
      ? { colour: '#8f8d88', courses: false }
      : ROOF_LOOK.slate;
  return {
    kind,
    colour: s.roofColour ? colour(s.roofColour) : hex(material.colour),
    courses: material.courses,
  };
}

/**
 * Variation 1 ("lighting and materials"): a lower, raking sun that brings out the materials' texture, crisper
 * shadows, more contrast between light and shade, and a little warm light in the windows.
 */
function emphasiseLightAndMaterials(look: Look): Look {
  const night = look.sun.intensity < 1;
  return {
    ...look,
    detail: 'rich',
    sun: night
      ? look.sun
      : {
          ...look.sun,
          elevation: Math.max(14, look.sun.elevation - 12),
          intensity: look.sun.intensity * 1.12,
        },
    ambient: { ...look.ambient, intensity: look.ambient.intensity * 0.8 },
    softness: Math.max(1, look.softness * 0.6),
    lamps: Math.max(look.lamps, 0.25),
    exposure: look.exposure * 1.04,
  };
}

/** The look of one variation of a style, with what the prompt asked for. */
export function lookWithSettings(
  base: (variation: VariationNumber) => Look,
  variation: VariationNumber,
  s: SceneSettings,
  neutral = false,
): Look {
  let look = base(variation);
  if (s.timeOfDay) {
    const time = variation === 3 ? OTHER_TIME[s.timeOfDay] : s.timeOfDay;
    look = withTime(look, time);
  }
  look = withMood(withWeather(withSite(withMaterials(look, s), s), s), s);
  if (variation === 1 && !neutral) look = emphasiseLightAndMaterials(look);
  return look;
}

const VARIATION_FOCUS: Record<VariationNumber, string> = {
  1: 'Light and materials brought out',
  2: 'Seen from another camera',
  3: 'At another time of day',
};

/**
 * The render's description: the style's own when the prompt set nothing, else what this variation shows of what
 * was asked (so a white stucco villa at night is not described as brick in midday sun).
 */
export function describeRender(
  styleDescription: string,
  s: SceneSettings,
  variation: VariationNumber,
): string {
  const parts: string[] = [];
  if (s.wallMaterial || s.wallColour)
    parts.push(`${[s.wallColour, s.wallMaterial].filter(Boolean).join(' ')} walls`);
  if (s.roof === 'none') parts.push('no roof');
  else if (s.roof) parts.push(`a ${s.roof} roof`);
  if (s.context === 'street') parts.push('a street setting');
  if (s.context === 'garden') parts.push('a garden setting');
  if (s.context === 'none') parts.push('a plain background');
  if (s.season) parts.push(s.season);
  if (s.weather && s.weather !== 'clear') parts.push(`${s.weather} weather`);
  if (s.mood) parts.push(`a ${s.mood} mood`);
  if (s.timeOfDay) parts.push(TIMES[variation === 3 ? OTHER_TIME[s.timeOfDay] : s.timeOfDay].words);
  return parts.length ? `${VARIATION_FOCUS[variation]}: ${parts.join(', ')}.` : styleDescription;
}
