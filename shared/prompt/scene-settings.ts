/**
 * Reads an architect's prompt ("white stucco villa, flat roof, night") into scene settings the local renderer
 * draws: wall and roof materials and colours, the roof, the site's context, season, time of day, weather, interior
 * or exterior, and mood. Offline, deterministic, no model: a vocabulary of phrases. Words it has no use for are
 * answered as "not understood" (common words of a brief — "modern", "house", "with" — are neither).
 */

export const WALL_MATERIALS = ['brick', 'render', 'concrete', 'timber', 'glass', 'stone', 'metal'] as const;
export type WallMaterial = (typeof WALL_MATERIALS)[number];
export const ROOF_MATERIALS = ['tile', 'slate', 'metal', 'concrete', 'timber', 'green'] as const;
export type RoofMaterial = (typeof ROOF_MATERIALS)[number];
export type RoofKind = 'none' | 'flat' | 'pitched';
export type SiteContext = 'garden' | 'street' | 'none';
export type Season = 'spring' | 'summer' | 'autumn' | 'winter';
export type TimeOfDay = 'morning' | 'midday' | 'golden' | 'dusk' | 'night';
export type Weather = 'clear' | 'overcast' | 'rain' | 'snow' | 'fog';
export type Mood = 'warm' | 'cool' | 'moody' | 'bright';
export const COLOURS = {
  white: '#f2f0ea',
  black: '#2b2b2d',
  charcoal: '#3d3f44',
  grey: '#8e9094',
  red: '#a8432f',
  terracotta: '#c0643f',
  cream: '#efe3c8',
  beige: '#d9c7a6',
  yellow: '#e3c352',
  blue: '#5f7fa6',
  green: '#6f8f5f',
  pink: '#d9a0a0',
} as const;
export type ColourName = keyof typeof COLOURS;

export interface SceneSettings {
  wallMaterial?: WallMaterial;
  wallColour?: ColourName;
  roof?: RoofKind;
  roofMaterial?: RoofMaterial;
  roofColour?: ColourName;
  context?: SiteContext;
  season?: Season;
  timeOfDay?: TimeOfDay;
  weather?: Weather;
  view?: 'interior' | 'exterior';
  mood?: Mood;
}

/** What a render records of its reading: understood lines and the words that changed nothing. */
export interface PromptReadingSummary {
  understood: string[];
  notUnderstood: string[];
}

export interface PromptReading {
  settings: SceneSettings;
  /** What was recognised, as a user reads it ("Walls: white render", "Roof: flat", "Time of day: night"). */
  understood: string[];
  /** The prompt's words that change nothing, in their order, once each. */
  notUnderstood: string[];
}

/** Multi-word phrases, joined into one token before reading (longest first). */
const PHRASES: [RegExp, string][] = [
  [/\bgolden[\s-]+hour\b/g, 'golden_hour'],
  [/\bblue[\s-]+hour\b/g, 'blue_hour'],
  [/\bcurtain[\s-]+wall(s|ing)?\b/g, 'curtain_wall'],
  [/\bstanding[\s-]+seam\b/g, 'standing_seam'],
  [/\bcut[\s-]*away\b/g, 'cutaway'],
  [/\bafter[\s-]+dark\b/g, 'night'],
  [/\bbirds?[\s-]+eye\b/g, 'birds_eye'],
  [/\bno[\s-]+roof\b/g, 'roofless'],
  [/\bflat[\s-]+roof(s|ed)?\b/g, 'flat_roof'],
  [/\b(pitched|gabled?|sloped|sloping|hipped|steep)[\s-]+roof(s|ed)?\b/g, 'pitched_roof'],
  [/\bwhite[\s-]+background\b/g, 'studio'],
  [/\bplain[\s-]+background\b/g, 'studio'],
  [/\bblue[\s-]+sky\b/g, 'clear'],
  [/\bgr[ae]y[\s-]+sky\b/g, 'overcast'],
  [/\bnatural[\s-]+light(ing)?\b/g, 'natural_light'],
  [/\bambient[\s-]+light(ing)?\b/g, 'ambient_light'],
  [/\bsoft[\s-]+shadows?\b/g, 'soft_shadows'],
];

const WALL_WORDS: Record<string, WallMaterial> = {
  brick: 'brick',
  bricks: 'brick',
  brickwork: 'brick',
  render: 'render',
  rendered: 'render',
  stucco: 'render',
  plaster: 'render',
  plastered: 'render',
  whitewashed: 'render',
  concrete: 'concrete',
  brutalist: 'concrete',
  timber: 'timber',
  wood: 'timber',
  wooden: 'timber',
  cedar: 'timber',
  larch: 'timber',
  glass: 'glass',
  glazed: 'glass',
  curtain_wall: 'glass',
  stone: 'stone',
  limestone: 'stone',
  sandstone: 'stone',
  granite: 'stone',
  marble: 'stone',
  flint: 'stone',
  metal: 'metal',
  steel: 'metal',
  zinc: 'metal',
  corten: 'metal',
  aluminium: 'metal',
  aluminum: 'metal',
  corrugated: 'metal',
};

const ROOF_WORDS: Record<string, RoofMaterial> = {
  tile: 'tile',
  tiles: 'tile',
  tiled: 'tile',
  clay: 'tile',
  terracotta: 'tile',
  slate: 'slate',
  metal: 'metal',
  zinc: 'metal',
  steel: 'metal',
  standing_seam: 'metal',
  copper: 'metal',
  concrete: 'concrete',
  timber: 'timber',
  shingle: 'timber',
  shingles: 'timber',
  thatch: 'timber',
  thatched: 'timber',
  green: 'green',
  grass: 'green',
  sedum: 'green',
  planted: 'green',
};

const CONTEXT_WORDS: Record<string, SiteContext> = {
  garden: 'garden',
  gardens: 'garden',
  lawn: 'garden',
  landscaped: 'garden',
  landscape: 'garden',
  park: 'garden',
  trees: 'garden',
  countryside: 'garden',
  rural: 'garden',
  street: 'street',
  streetscape: 'street',
  urban: 'street',
  city: 'street',
  town: 'street',
  road: 'street',
  pavement: 'street',
  sidewalk: 'street',
  studio: 'none',
  isolated: 'none',
};

const SEASON_WORDS: Record<string, Season> = {
  spring: 'spring',
  springtime: 'spring',
  summer: 'summer',
  summertime: 'summer',
  autumn: 'autumn',
  autumnal: 'autumn',
  fall: 'autumn',
  winter: 'winter',
  wintry: 'winter',
};

const TIME_WORDS: Record<string, TimeOfDay> = {
  dawn: 'morning',
  sunrise: 'morning',
  morning: 'morning',
  noon: 'midday',
  midday: 'midday',
  daylight: 'midday',
  daytime: 'midday',
  day: 'midday',
  afternoon: 'golden',
  golden_hour: 'golden',
  sunset: 'golden',
  dusk: 'dusk',
  twilight: 'dusk',
  blue_hour: 'dusk',
  evening: 'dusk',
  night: 'night',
  nighttime: 'night',
  midnight: 'night',
  moonlit: 'night',
  moonlight: 'night',
  nocturnal: 'night',
};

const WEATHER_WORDS: Record<string, Weather> = {
  clear: 'clear',
  sunny: 'clear',
  overcast: 'overcast',
  cloudy: 'overcast',
  clouds: 'overcast',
  grey_sky: 'overcast',
  rain: 'rain',
  rainy: 'rain',
  raining: 'rain',
  wet: 'rain',
  storm: 'rain',
  stormy: 'rain',
  snow: 'snow',
  snowy: 'snow',
  snowing: 'snow',
  fog: 'fog',
  foggy: 'fog',
  mist: 'fog',
  misty: 'fog',
  hazy: 'fog',
  haze: 'fog',
};

const VIEW_WORDS: Record<string, 'interior' | 'exterior'> = {
  interior: 'interior',
  interiors: 'interior',
  inside: 'interior',
  indoor: 'interior',
  indoors: 'interior',
  cutaway: 'interior',
  exterior: 'exterior',
  outside: 'exterior',
  outdoor: 'exterior',
  outdoors: 'exterior',
  facade: 'exterior',
  façade: 'exterior',
  elevation: 'exterior',
};

const MOOD_WORDS: Record<string, Mood> = {
  warm: 'warm',
  cosy: 'warm',
  cozy: 'warm',
  inviting: 'warm',
  cool: 'cool',
  cold: 'cool',
  crisp: 'cool',
  moody: 'moody',
  dramatic: 'moody',
  atmospheric: 'moody',
  dark: 'moody',
  bright: 'bright',
  airy: 'bright',
  cheerful: 'bright',
  sunlit: 'bright',
};

const COLOUR_WORDS: Record<string, ColourName> = {
  white: 'white',
  black: 'black',
  charcoal: 'charcoal',
  grey: 'grey',
  gray: 'grey',
  red: 'red',
  terracotta: 'terracotta',
  cream: 'cream',
  beige: 'beige',
  yellow: 'yellow',
  blue: 'blue',
  green: 'green',
  pink: 'pink',
};

/** Words with a job elsewhere (the style) or none in a brief: neither settings nor "not understood". */
const KNOWN_WORDS = new Set(
  `a an the and or with without of in on at from to for by under over into onto as its their this that very
  some two three one single double storey story stories storeys level levels high low large small big tall long
  new old house houses home homes villa cottage bungalow apartment apartments flat flats office offices school
  library museum pavilion cabin barn tower extension building buildings dwelling residence residential
  commercial project scheme kitchen living dining room rooms bedroom bedrooms bathroom hall lobby courtyard
  terrace balcony garage porch veranda atrium patio deck
  modern contemporary minimalist minimal traditional classic classical vernacular luxury luxurious elegant
  beautiful stunning simple clean quality detailed detail details realistic photorealistic photo photograph
  photographic lifelike hyperrealistic real 4k 8k hd uhd ultra sharp high-resolution
  architectural architecture rendering renders visualization visualisation visualizations visualisations view
  views image images picture scene style shot perspective perspectives angle composition camera
  isometric axonometric orthographic iso artistic watercolor watercolour sketch sketchy painting painted paint
  illustration illustrated aquarelle hand drawn hand-drawn
  lighting light lights lit natural_light ambient_light ambient sunlight sun shadows shadow soft_shadows soft
  glow glowing lamps lamp exposure atmosphere atmospheric effects enhanced textures texture materials material
  walls wall facades finish finishes clad cladding windows window doors door glazing frames roof roofs rooftop
  top ground floor floors storey-high
  looking seen showing show shows featuring feature features surrounded surrounding setting context
  add make change use remove keep turn give put set instead more less bit slightly much please now also but`.split(
    /\s+/,
  ),
);

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const ROOF_NOUNS = new Set(['roof', 'roofs', 'rooftop', 'roofed', 'roofing', 'flat_roof', 'pitched_roof']);
const WALL_NOUNS = new Set(['walls', 'wall', 'facade', 'facades', 'façade', 'cladding', 'clad', 'finish']);

function tokens(prompt: string): string[] {
  let text = prompt.toLowerCase().normalize('NFC');
  for (const [pattern, token] of PHRASES) text = text.replace(pattern, ` ${token} `);
  return text
    .split(/[^\p{L}\p{N}_'-]+/u)
    .map((t) => t.replace(/^['-]+|['-]+$/g, ''))
    .filter(Boolean);
}

/** Reads a prompt into scene settings, what was understood, and the words that change nothing. */
export function readPrompt(prompt: string): PromptReading {
  const words = tokens(prompt);
  const s: SceneSettings = {};
  const unknown: string[] = [];
  const nextIsRoof = (i: number) => ROOF_NOUNS.has(words[i + 1] ?? '') || ROOF_NOUNS.has(words[i + 2] ?? '');
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === 'flat_roof') s.roof = 'flat';
    else if (w === 'pitched_roof') s.roof = 'pitched';
    else if (w === 'roofless') s.roof = 'none';
    else if (COLOUR_WORDS[w] && w !== 'green' && nextIsRoof(i)) {
      // "red roof", "grey slate roof", "terracotta roof" (tiles); "green roof" is a planted one (below).
      if (w === 'terracotta') s.roofMaterial = 'tile';
      else s.roofColour = COLOUR_WORDS[w];
    } else if (ROOF_WORDS[w] && nextIsRoof(i)) s.roofMaterial = ROOF_WORDS[w];
    else if (w === 'slate' || w === 'tiled' || w === 'thatched' || w === 'sedum')
      s.roofMaterial = ROOF_WORDS[w];
    else if (w === 'render' || w === 'rendering' || w === 'renders') {
      // "white render", "rendered walls", "render finish": the material; "architectural rendering": the image.
      const prev = words[i - 1] ?? '';
      if (w === 'render' && (COLOUR_WORDS[prev] || WALL_NOUNS.has(words[i + 1] ?? '')))
        s.wallMaterial = 'render';
    } else if (WALL_WORDS[w]) s.wallMaterial = WALL_WORDS[w];
    else if (COLOUR_WORDS[w]) s.wallColour = COLOUR_WORDS[w];
    else if (CONTEXT_WORDS[w]) s.context = CONTEXT_WORDS[w];
    else if (SEASON_WORDS[w]) {
      s.season = SEASON_WORDS[w];
      if (s.season === 'winter' && words.includes('snow')) s.weather = 'snow';
    } else if (TIME_WORDS[w]) s.timeOfDay = TIME_WORDS[w];
    else if (WEATHER_WORDS[w]) s.weather = WEATHER_WORDS[w];
    else if (VIEW_WORDS[w]) s.view = VIEW_WORDS[w];
    else if (MOOD_WORDS[w]) s.mood = MOOD_WORDS[w];
    else if (!KNOWN_WORDS.has(w) && !ROOF_NOUNS.has(w) && !/^\d+$/.test(w) && !unknown.includes(w))
      unknown.push(w);
  }
  // A roof material without a shape: tiles and slate sit on a pitched roof, a planted or concrete one is flat.
  if (s.roofMaterial && !s.roof)
    s.roof = s.roofMaterial === 'green' || s.roofMaterial === 'concrete' ? 'flat' : 'pitched';
  return { settings: s, understood: describeSettings(s), notUnderstood: unknown };
}

const TIME_NAMES: Record<TimeOfDay, string> = {
  morning: 'morning',
  midday: 'midday',
  golden: 'golden hour',
  dusk: 'dusk',
  night: 'night',
};

/** The settings as a user reads them, one line per kind. */
export function describeSettings(s: SceneSettings): string[] {
  const out: string[] = [];
  if (s.wallMaterial || s.wallColour)
    out.push(`Walls: ${[s.wallColour, s.wallMaterial].filter(Boolean).join(' ')}`);
  if (s.roof) {
    const material = [s.roofColour, s.roofMaterial].filter(Boolean).join(' ');
    out.push(`Roof: ${s.roof === 'none' ? 'none' : `${s.roof}${material ? `, ${material}` : ''}`}`);
  }
  if (s.context) out.push(`Setting: ${s.context === 'none' ? 'plain background' : s.context}`);
  if (s.season) out.push(`Season: ${s.season}`);
  if (s.timeOfDay) out.push(`Time of day: ${TIME_NAMES[s.timeOfDay]}`);
  if (s.weather) out.push(`Weather: ${s.weather}`);
  if (s.view) out.push(`View: ${s.view}`);
  if (s.mood) out.push(`Mood: ${s.mood}`);
  return out.map(titleCase);
}
