/**
 * What layer names, block names and texts say about the drawing, across CAD conventions and languages: AIA/NCS
 * (`A-WALL`, `A-DOOR`, `A-ANNO-DIMS`), ISO 13567 and BS 1192 style names with descriptions (`A-210 G - Existing
 * Structure`), and plain words in English, German, French, Italian, Spanish, Portuguese, Dutch, the Nordic
 * languages, Polish, Russian, Japanese and Chinese.
 */

const WALL_WORDS = [
  'walls?',
  'wand',
  'w[aä]nde',
  'waende',
  'mauer\\w*',
  'rohbau',
  'tragwerk',
  'structure',
  'structural',
  'partitions?',
  'murs?',
  'muro',
  'muros',
  'muratur[ae]',
  'tramezz\\w*',
  'pared(es)?',
  'tabiques?',
  'parede(s)?',
  'muur',
  'muren',
  'wanden',
  'v[æa]gg?e?r?',
  'mur',
  'vegg(er)?',
  '[śs]cian[ay]?',
  'стен\\p{L}*',
  'перегород\\p{L}*',
  // Slovene, Croatian, Serbian, Czech, Slovak
  'zid(ovi)?',
  'st[eě]n[ay]?',
  'zeď',
];
/** CJK writes words without spaces: these match anywhere in the name. */
const CJK_WALL = /壁|墙|牆|躯体/u;
/** A wall layer's hatch pattern (`A-WALL-PATT`, `Wand Schraffur`) is not the wall's outline. */
const WALL_PATTERN = /patt|hatch|schraff|hachur|tratteg|poch[eé]|штрих|ハッチ/iu;
/** A-WALL, A-WALL-FULL, A-WALL-PATT (pattern = hatch, not a wall line), I-WALL, S-WALL… */
const NCS_WALL = /(^|[^a-z])[a-z]-wall(?!-patt)/iu;

const NOT_WALL_WORDS = [
  'text\\w*',
  'txt',
  'dim\\w*',
  'anno\\w*',
  'furn\\w*',
  'hatch\\w*',
  'patt\\w*',
  'poch[eé]',
  'grid',
  'axis',
  'axes',
  'window\\w*',
  'glaz\\w*',
  'door\\w*',
  'defpoints?',
  'title\\w*',
  'border',
  'frame',
  'symbol\\w*',
  'fixt\\w*',
  'equip\\w*',
  'elec\\w*',
  'plumb\\w*',
  'light\\w*',
  'note\\w*',
  'tag\\w*',
  'stairs?',
  'steps?',
  'veg\\w*',
  'plants?',
  'trees?',
  'landscape\\w*',
  'site',
  'roof\\w*',
  'beam\\w*',
  'column\\w*',
  'cols?',
  'ceiling\\w*',
  'clg',
  'viewport\\w*',
  'vports?',
  'jamb\\w*',
  'header',
  'cars?',
  'parking',
  'section\\w*',
  'elevation\\w*',
  // German, French, Italian, Spanish, Dutch
  'bema(ß|ss)ung\\w*',
  'm[öo]bel\\w*',
  'schraffur\\w*',
  'achsen?',
  't[üu]ren?',
  'fenster',
  'beschriftung\\w*',
  'ausbau',
  'objekte',
  'cotes?',
  'cotation\\w*',
  'meubles?',
  'mobilier',
  'textes?',
  'hachures?',
  'portes?',
  'fen[eê]tres?',
  'quot[ae]\\w*',
  'arred\\w*',
  'testi',
  'tratteggi\\w*',
  'porte',
  'finestre',
  'apertur[ae]',
  'infissi',
  'prospett\\w*',
  'sezion\\w*',
  'cotas?',
  'muebles?',
  'textos?',
  'sombreado',
  'puertas?',
  'ventanas?',
  'maatvoering',
  // Slovene, Croatian, Czech
  'kot[ae]',
  'opr(ema)?',
  'povr[sš]in[ae]',
  'prerez\\w*',
  'fasad\\w*',
  'vrata',
  'okn[ao]',
  'kóty',
  'meubilair',
  'deuren',
  'ramen',
  // Russian, Japanese, Chinese
  'размер\\p{L}*',
  'мебел\\p{L}*',
  'текст\\p{L}*',
  'штрих\\p{L}*',
  'ос[иь]',
  'двер\\p{L}*',
  'окн\\p{L}*',
  'освещ\\p{L}*',
  '寸法',
  '家具',
  '文字',
  '通り芯',
  '建具',
  '尺寸',
  '标注',
  '文字',
  '门',
  '窗',
];

const word = (words: string[]) => new RegExp(`(^|[^\\p{L}])(${words.join('|')})(?=$|[^\\p{L}])`, 'iu');
const WALL_LAYER = word(WALL_WORDS);
const NOT_WALL_LAYER = word(NOT_WALL_WORDS);

/** A layer whose name says it holds walls (even when it also names doors or windows). */
export const isWallLayer = (name: string) =>
  (NCS_WALL.test(name) || WALL_LAYER.test(name) || CJK_WALL.test(name)) && !WALL_PATTERN.test(name);
const DOOR_LAYER = word([
  'doors?',
  'dr',
  't[üu]ren?',
  'portes?',
  'puertas?',
  'porte',
  'deuren',
  'vrata',
  'двер\\p{L}*',
  'a-door\\w*',
]);
/** A layer whose name says it holds doors (their swings give a drawing's scale). */
export const isDoorLayer = (name: string) => DOOR_LAYER.test(name) || /建具|门/u.test(name);

/** A layer whose name says it holds something that is never a wall (and does not also say walls). */
export const isNotWallLayer = (name: string) => !isWallLayer(name) && NOT_WALL_LAYER.test(name);

const ELEVATION_WORDS = [
  'elevations?',
  'elev',
  'fa[cç]ades?',
  'ansicht(en)?',
  'prospett[oi]',
  'alzados?',
  'fachadas?',
  'aanzicht(en)?',
  'фасад\\p{L}*',
  '立面\\p{L}*',
];
const SECTION_WORDS = [
  'sections?',
  'sect',
  'schnitt(e)?',
  'coupes?',
  'sezion[ei]',
  'secci[oó]n(es)?',
  'corte',
  'doorsnede',
  'разрез\\p{L}*',
  '断面\\p{L}*',
  '剖面\\p{L}*',
];
const PLAN_WORDS = [
  'plan',
  'plans',
  'floor',
  'layout',
  'grundriss',
  'erdgeschoss',
  'obergeschoss',
  'pianta',
  'planta',
  'plattegrond',
  'план',
  '平面\\p{L}*',
  '間取り',
];
/** Words that name rooms: a view with room names is a plan. */
const ROOM_WORDS = [
  'rooms?',
  'restaurant',
  'scullery',
  'bar',
  'terrace',
  'deck',
  'ablutions?',
  'shop',
  'studio',
  'family',
  'primary',
  'master',
  'guest',
  'bed\\s?room',
  'bed',
  'kitchen',
  'living',
  'lounge',
  'dining',
  'bath(room)?',
  'toilet',
  'wc',
  'w\\.c\\.',
  'hall',
  'lobby',
  'office',
  'store',
  'storage',
  'closet',
  'pantry',
  'garage',
  'utility',
  'laundry',
  'study',
  'veranda',
  'balcony',
  'corridor',
  'foyer',
  'k[üu]che',
  'bad',
  'schlafzimmer',
  'wohnzimmer',
  'flur',
  'diele',
  'cuisine',
  'chambre',
  'salon',
  's[ée]jour',
  'cucina',
  'camera',
  'bagno',
  'soggiorno',
  'cocina',
  'dormitorio',
  'ba[ñn]o',
  'sala',
  'kamer',
  'keuken',
  'спальн\\p{L}*',
  'кухн\\p{L}*',
  'гостин\\p{L}*',
  'санузел',
  'ванн\\p{L}*',
  'коридор',
  '寝室',
  '台所',
  '浴室',
  '居間',
  '和室',
  '卧室',
  '厨房',
  '客厅',
];

const ELEVATION = word(ELEVATION_WORDS);
const SECTION = word(SECTION_WORDS);
const PLAN = word(PLAN_WORDS);
const ROOM = word(ROOM_WORDS);
/** `SECTION A-A`, `A-A'`, `B–B`: a section mark's title. */
const SECTION_MARK = /(^|\s)([A-Z])\s?[-–—]\s?\2'?(\s|$)/u;

export type NamedKind = 'plan' | 'elevation' | 'section' | null;

/** What a title or layer name calls its view, if anything. Section and elevation words win over "plan". */
export function kindNamedBy(text: string): NamedKind {
  if (ELEVATION.test(text)) return 'elevation';
  if (SECTION.test(text) || SECTION_MARK.test(text)) return 'section';
  if (PLAN.test(text)) return 'plan';
  return null;
}

export const namesARoom = (text: string) => ROOM.test(text);

/** Words of pages and views that are not the building's floor plan. */
const NOT_A_FLOOR_PLAN = word([
  'site',
  'location',
  'roof',
  'schedules?',
  'legend',
  'specifications?',
  'lageplan',
  'dachaufsicht',
  'plan de situation',
  'planimetria',
]);
const AREA_LABEL = /\d\s?(m²|m2|sq\.?\s?ft|sf)(?![\p{L}\d])/iu;

/**
 * Whether a text on a plan could be a room's name: some letters, not a size, area, level, scale, door or window
 * mark or a note with a measure (`A: 6.42 m²`, `P= 1.20`, `D1`, `1:50`, `NEW 85mm STEP`).
 */
export function mayNameARoom(text: string): boolean {
  const t = text.trim();
  if (t.length < 3 || t.length > 40) return false;
  if (!/\p{L}{3}/u.test(t)) return false;
  if (AREA_LABEL.test(t) || SCALE_MARK.test(t) || /\d\s?(mm|cm|m|ft|in)(?!\p{L})/iu.test(t)) return false;
  if (/^[\p{L}]{1,2}\s?[:=]/u.test(t)) return false; // "A: …", "P= …"
  return (t.match(/\d/g)?.length ?? 0) <= t.length / 3;
}
/** A drawn scale bar's numbers (`0 3 6 ft`, `0 1 2 5 m`) or a stated ratio (`1:50`, `M 1:100`). */
const SCALE_MARK = /(^|\s)0\s+\d+(\s+\d+)+\s*(ft|m)(?!\p{L})|(^|[^\d.])1\s?:\s?\d{2,3}(?!\d)/iu;
/** Storey level markers (`GROUND FLOOR 0`, `1ST FLOOR 2890`, `FFL +3.300`): the marks of sections and elevations. */
const LEVEL_MARK =
  /\b(ground|first|second|third|1st|2nd|3rd|\d+th)\s+floor(\s+level)?\.?\s+[+-]?\d|\b[FS]FL\s*[+-]?\d/giu;

/** Services plans (electrical, lighting) draw the same walls, but the architectural plan is the one wanted. */
const SERVICES = word([
  'sockets?',
  'plugs?',
  'switch\\w*',
  'lights?',
  'lighting',
  'electrical',
  'luminaires?',
  'lamps?',
  'steckdose\\w*',
  'prises?',
]);

/** Names of storeys: a page that names several is an overview of them, not one storey's plan. */
const STOREY_NAME =
  /\b(main|ground|first|second|third|upper|lower|top|\d+(st|nd|rd|th))\s+floor\b|\bbasement\b|\b(erdgeschoss|obergeschoss|untergeschoss|dachgeschoss|keller)\b|\b(rez-de-chauss[ée]e|[ée]tage)\b|\b(piano\s+terra|primo\s+piano)\b|\b(planta\s+baja|s[óo]tano)\b/giu;

export interface PageTextScore {
  score: number;
  kind: NamedKind | 'text';
  /** The page's title, when a text names its kind. */
  title: string | null;
}

/**
 * How much a page's texts say "floor plan": room names and area labels, a plan title and a scale count for it;
 * elevation, section, site, roof and schedule titles, storey level markers and pages of prose count against it.
 */
const PROSE_MIN_WORDS = 60;

/**
 * Whether a page's words could be prose (many words in sentence-long runs) and so worth counting its drawing to
 * find out; a drawing's runs are labels of a few words each.
 */
export function mayBeProse(items: string[]): boolean {
  let words = 0;
  let runs = 0;
  for (const raw of items) {
    const text = raw.trim();
    if (!text) continue;
    runs += 1;
    words += text.split(/\s+/).length;
  }
  return words > PROSE_MIN_WORDS && words >= runs * 5;
}

export function scorePageTexts(items: string[], drawingOperators: number): PageTextScore {
  let score = 0;
  let title: string | null = null;
  let named: NamedKind = null;
  let words = 0;
  for (const raw of items) {
    const text = raw.trim();
    if (!text) continue;
    words += text.split(/\s+/).length;
    if (namesARoom(text)) score += 1;
    if (AREA_LABEL.test(text)) score += 0.5;
    if (NOT_A_FLOOR_PLAN.test(text)) score -= 2;
    if (SERVICES.test(text)) score -= 1;
    const kind = kindNamedBy(text);
    if (kind === 'elevation' || kind === 'section') score -= 4;
    if (kind === 'plan' && !NOT_A_FLOOR_PLAN.test(text)) score += 3;
    // Elevation and section titles outrank plan words ("FLOOR" also appears in level marks and notes).
    if (kind && (!named || (named === 'plan' && kind !== 'plan'))) {
      named = kind;
      title = text.slice(0, 80);
    }
  }
  const joined = items.join(' ').replace(/\s+/g, ' ');
  if (SCALE_MARK.test(joined)) score += 2;
  const levelMarks = joined.match(LEVEL_MARK)?.length ?? 0;
  if (levelMarks >= 2) score -= 4;
  const storeys = new Set((joined.match(STOREY_NAME) ?? []).map((m) => m.toLowerCase().replace(/\s+/g, ' ')));
  if (storeys.size >= 2 && score > 0) score /= storeys.size;
  const prose = drawingOperators < 400 && words > PROSE_MIN_WORDS;
  if (prose) score -= 10;
  return { score, kind: prose ? 'text' : (named ?? (levelMarks >= 2 ? 'section' : null)), title };
}
