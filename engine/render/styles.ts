/**
 * The look of each style (shared/domain.ts) in each variation: lighting/materials, camera, time of day. Every style
 * says what each variation is (a `Record` over the variation numbers), so a new variation cannot silently borrow
 * another's look.
 */
import type { RenderStyle, VariationNumber } from '../../shared/domain';

export type RGB = [number, number, number];
/** A CSS hex colour in linear RGB. */
export const hex = (h: string): RGB => {
  const v = Number.parseInt(h.slice(1), 16);
  // sRGB → linear
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return [lin((v >> 16) & 255), lin((v >> 8) & 255), lin(v & 255)];
};

export interface Look {
  description: string;
  camera: {
    kind: 'ortho' | 'persp';
    azimuth: number;
    elevation: number;
    distance?: number;
    margin: number;
    lookDown?: number;
  };
  sun: { azimuth: number; elevation: number; color: RGB; intensity: number };
  ambient: { sky: RGB; ground: RGB; intensity: number };
  sky: { kind: 'sky' | 'studio' | 'paper'; zenith: RGB; horizon: RGB; glow: RGB; stars: boolean };
  fog: { color: RGB; density: number };
  /** Texture detail: brick and planks, or smooth tones. */
  detail: 'rich' | 'plain';
  palette: {
    wall: RGB;
    wallTop: RGB;
    floor: RGB;
    ground: RGB;
    groundAlt: RGB;
    slab: RGB;
    glass: RGB;
    frame: RGB;
    roof: RGB;
  };
  brick: boolean;
  /** PCF radius in shadow-map texels. */
  softness: number;
  /** Warm light inside the rooms and from the windows (0 = off). */
  lamps: number;
  lampColor: RGB;
  cutHeight?: number;
  /** Tile or slate courses on the roof (when the prompt asked for a roof). */
  roofCourses?: boolean;
  groundScale: number;
  watercolour: boolean;
  exposure: number;
}

const DAY_SUN: Look['sun'] = { azimuth: 300, elevation: 42, color: hex('#fff4e0'), intensity: 2.6 };
const GOLDEN_SUN: Look['sun'] = { azimuth: 255, elevation: 11, color: hex('#ffb066'), intensity: 2.8 };
const MOON: Look['sun'] = { azimuth: 140, elevation: 35, color: hex('#9fb4ff'), intensity: 0.22 };

const DAY_SKY: Look['sky'] = {
  kind: 'sky',
  zenith: hex('#4f86c6'),
  horizon: hex('#d6e6f5'),
  glow: hex('#fff1d0'),
  stars: false,
};
const GOLDEN_SKY: Look['sky'] = {
  kind: 'sky',
  zenith: hex('#4a5d8c'),
  horizon: hex('#ffc48a'),
  glow: hex('#ff9a4a'),
  stars: false,
};
const NIGHT_SKY: Look['sky'] = {
  kind: 'sky',
  zenith: hex('#02040d'),
  horizon: hex('#1b2440'),
  glow: hex('#6677aa'),
  stars: true,
};
const DUSK_SKY: Look['sky'] = {
  kind: 'sky',
  zenith: hex('#141d45'),
  horizon: hex('#c9738a'),
  glow: hex('#f2a07a'),
  stars: false,
};

const BASE_PALETTE: Look['palette'] = {
  wall: hex('#ece4d6'),
  wallTop: hex('#3b3b3f'),
  floor: hex('#b88a5a'),
  ground: hex('#5f8a3a'),
  groundAlt: hex('#8fae5a'),
  slab: hex('#9a9a96'),
  glass: hex('#5e7e96'),
  frame: hex('#2e3136'),
  roof: hex('#4a4f57'),
};

function photoreal(variation: VariationNumber): Look {
  const base: Look = {
    description: '',
    camera: { kind: 'persp', azimuth: -125, elevation: 30, distance: 2.4, margin: 0.07 },
    sun: DAY_SUN,
    ambient: { sky: hex('#b9d3f0'), ground: hex('#8a8a70'), intensity: 0.55 },
    sky: DAY_SKY,
    fog: { color: hex('#d6e6f5'), density: 0.006 },
    detail: 'rich',
    palette: { ...BASE_PALETTE, wall: hex('#b5654a') },
    brick: true,
    softness: 2.5,
    lamps: 0,
    lampColor: hex('#ffc27a'),
    groundScale: 40,
    watercolour: false,
    exposure: 1,
  };
  const byVariation: Record<VariationNumber, Partial<Look>> = {
    1: {
      description:
        'Photorealistic exterior in midday sun: soft shadows, brick walls, timber floors and a lawn, seen in perspective from the south-west.',
    },
    2: {
      camera: { kind: 'persp', azimuth: 35, elevation: 42, distance: 1.9, margin: 0.06 },
      sun: { ...DAY_SUN, azimuth: 120, elevation: 50 },
      description:
        'Photorealistic exterior from the north-east, a higher and closer perspective that shows the rooms behind the walls.',
    },
    3: {
      sun: GOLDEN_SUN,
      sky: GOLDEN_SKY,
      ambient: { sky: hex('#7d8fc0'), ground: hex('#8a6a50'), intensity: 0.45 },
      fog: { color: hex('#f2b98a'), density: 0.008 },
      lamps: 0.35,
      description:
        'Photorealistic exterior at golden hour: low warm sun, long shadows, hazy air and the first lights inside.',
    },
  };
  return { ...base, ...byVariation[variation] };
}

function isometric(variation: VariationNumber): Look {
  const studio: Look['sky'] = {
    kind: 'studio',
    zenith: hex('#e9edf2'),
    horizon: hex('#fbfbfa'),
    glow: hex('#ffffff'),
    stars: false,
  };
  const base: Look = {
    description: '',
    camera: { kind: 'ortho', azimuth: -135, elevation: 35.264, margin: 0.08, lookDown: 0.5 },
    sun: { ...DAY_SUN, azimuth: 310, elevation: 45, intensity: 2.4 },
    ambient: { sky: hex('#dfe8f2'), ground: hex('#c8c0b0'), intensity: 0.75 },
    sky: studio,
    fog: { color: hex('#ffffff'), density: 0 },
    detail: 'plain',
    palette: {
      ...BASE_PALETTE,
      wall: hex('#f3f1ec'),
      wallTop: hex('#4a4d55'),
      floor: hex('#d9c3a0'),
      ground: hex('#d7dbd2'),
      groundAlt: hex('#cdd3c6'),
    },
    brick: false,
    softness: 2,
    lamps: 0,
    lampColor: hex('#ffcf8a'),
    groundScale: 1.35,
    watercolour: false,
    exposure: 1,
  };
  const byVariation: Record<VariationNumber, Partial<Look>> = {
    1: {
      detail: 'rich',
      description:
        'Isometric massing model with crisp sunlight, soft shadows and material tones for walls, floors and site.',
    },
    2: {
      camera: { kind: 'ortho', azimuth: 45, elevation: 50, margin: 0.08, lookDown: 0.5 },
      description:
        'Isometric view from the opposite corner at a steeper angle, reading the plan layout more clearly.',
    },
    3: {
      sun: MOON,
      ambient: { sky: hex('#28314f'), ground: hex('#15161c'), intensity: 0.5 },
      sky: {
        kind: 'studio',
        zenith: hex('#0e1424'),
        horizon: hex('#243052'),
        glow: hex('#243052'),
        stars: false,
      },
      lamps: 1,
      description: 'Isometric model at night, with lit windows and warm light in every room.',
    },
  };
  return { ...base, ...byVariation[variation] };
}

function night(variation: VariationNumber): Look {
  const base: Look = {
    description: '',
    camera: { kind: 'persp', azimuth: -115, elevation: 24, distance: 2.5, margin: 0.07 },
    sun: MOON,
    ambient: { sky: hex('#34406a'), ground: hex('#141414'), intensity: 0.35 },
    sky: NIGHT_SKY,
    fog: { color: hex('#1b2440'), density: 0.01 },
    detail: 'rich',
    palette: { ...BASE_PALETTE, wall: hex('#d8d0c4') },
    brick: false,
    softness: 3,
    lamps: 1.1,
    lampColor: hex('#ffbe6e'),
    groundScale: 40,
    watercolour: false,
    exposure: 1.15,
  };
  const byVariation: Record<VariationNumber, Partial<Look>> = {
    1: {
      description:
        'Night scene: moonlight, glowing windows and warm interior light spilling onto the lawn under a starry sky.',
    },
    2: {
      camera: { kind: 'persp', azimuth: 60, elevation: 38, distance: 2, margin: 0.06 },
      description: 'Night scene from the north-east, looking down into the lit rooms.',
    },
    3: {
      sun: { azimuth: 280, elevation: 4, color: hex('#ff9a7a'), intensity: 0.6 },
      sky: DUSK_SKY,
      ambient: { sky: hex('#5a5f94'), ground: hex('#2a2030'), intensity: 0.45 },
      fog: { color: hex('#b06a80'), density: 0.008 },
      lamps: 0.8,
      description: 'Blue hour: the last light of dusk in the sky, haze, and the lights coming on inside.',
    },
  };
  return { ...base, ...byVariation[variation] };
}

function interior(variation: VariationNumber): Look {
  const base: Look = {
    description: '',
    camera: { kind: 'persp', azimuth: -110, elevation: 55, distance: 1.9, margin: 0.05, lookDown: 0.1 },
    sun: { ...DAY_SUN, azimuth: 230, elevation: 40, intensity: 2.3 },
    ambient: { sky: hex('#e8eef5'), ground: hex('#b8a890'), intensity: 0.85 },
    sky: {
      kind: 'studio',
      zenith: hex('#e4e6ea'),
      horizon: hex('#f7f6f3'),
      glow: hex('#ffffff'),
      stars: false,
    },
    fog: { color: hex('#f7f6f3'), density: 0 },
    detail: 'rich',
    palette: {
      ...BASE_PALETTE,
      wall: hex('#fbf8f2'),
      wallTop: hex('#8a8782'),
      floor: hex('#c99a66'),
      ground: hex('#e2e2dc'),
      groundAlt: hex('#d8d8d0'),
    },
    brick: false,
    softness: 3.5,
    lamps: 0.25,
    lampColor: hex('#ffd9a0'),
    cutHeight: 1.35,
    groundScale: 1.3,
    watercolour: false,
    exposure: 1.05,
  };
  const byVariation: Record<VariationNumber, Partial<Look>> = {
    1: {
      description:
        'Interior cut-away: walls cut at 1.35 m to show the rooms, light plaster, oak floors and soft daylight.',
    },
    2: {
      camera: { kind: 'persp', azimuth: 70, elevation: 65, distance: 1.7, margin: 0.05, lookDown: 0.1 },
      description: 'Interior cut-away from the opposite side, almost a plan view with depth.',
    },
    3: {
      sun: { azimuth: 260, elevation: 8, color: hex('#ffab66'), intensity: 1.2 },
      ambient: { sky: hex('#56608a'), ground: hex('#3a3030'), intensity: 0.35 },
      sky: {
        kind: 'studio',
        zenith: hex('#1a2036'),
        horizon: hex('#3a3550'),
        glow: hex('#3a3550'),
        stars: false,
      },
      lamps: 1.3,
      description: 'Interior cut-away in the evening, lit by warm lamps in each room.',
    },
  };
  return { ...base, ...byVariation[variation] };
}

function artistic(variation: VariationNumber): Look {
  const photo = photoreal(variation);
  const paper: Look['sky'] = {
    kind: 'paper',
    zenith: hex('#bcd3e6'),
    horizon: hex('#f4eee2'),
    glow: hex('#f4eee2'),
    stars: false,
  };
  const look: Look = {
    ...photo,
    sky: paper,
    fog: { ...photo.fog, density: photo.fog.density * 0.5 },
    brick: false,
    detail: 'plain',
    palette: {
      ...BASE_PALETTE,
      wall: hex('#e8dcc6'),
      ground: hex('#8fb36a'),
      groundAlt: hex('#b9cf86'),
      wallTop: hex('#5a5560'),
    },
    softness: 4,
    watercolour: true,
    groundScale: 2.2,
  };
  const what: Record<VariationNumber, string> = {
    1: 'washes of soft daylight',
    2: 'another viewpoint, loose and airy',
    3: 'warm evening washes',
  };
  return {
    ...look,
    description: `Watercolour sketch: paper grain, wobbling ink lines and ${what[variation]}.`,
  };
}

/** The look of one variation of a style. */
export function lookFor(style: RenderStyle, variation: VariationNumber): Look {
  return LOOKS[style](variation);
}

const LOOKS: Record<RenderStyle, (variation: VariationNumber) => Look> = {
  isometric,
  photorealistic: photoreal,
  artistic,
  night,
  interior,
};
