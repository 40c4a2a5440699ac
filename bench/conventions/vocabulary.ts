/** Layer names, room names and view titles as offices in four languages write them. */
export type Language = 'en' | 'de' | 'ja' | 'ru';

export type LayerRole =
  | 'walls'
  | 'doors'
  | 'windows'
  | 'furniture'
  | 'dimensions'
  | 'text'
  | 'grid'
  | 'frame'
  | 'paving'
  | 'site'
  | 'stairs'
  | 'hatch'
  | 'elevation';

export const LAYER_NAMES: Record<Language, Record<LayerRole, string>> = {
  en: {
    walls: 'A-WALL',
    doors: 'A-DOOR',
    windows: 'A-GLAZ',
    furniture: 'A-FURN',
    dimensions: 'A-ANNO-DIMS',
    text: 'A-ANNO-TEXT',
    grid: 'S-GRID',
    frame: 'G-ANNO-TTLB',
    paving: 'A-FLOR-PATT',
    site: 'L-SITE',
    stairs: 'A-FLOR-STRS',
    hatch: 'A-WALL-PATT',
    elevation: 'A-ELEV',
  },
  de: {
    walls: 'Wände',
    doors: 'Türen',
    windows: 'Fenster',
    furniture: 'Möbel',
    dimensions: 'Bemaßung',
    text: 'Beschriftung',
    grid: 'Achsen',
    frame: 'Plankopf',
    paving: 'Bodenbelag',
    site: 'Gelände',
    stairs: 'Treppe',
    hatch: 'Schraffur',
    elevation: 'Ansicht',
  },
  ja: {
    walls: '壁',
    doors: '建具',
    windows: '窓',
    furniture: '家具',
    dimensions: '寸法',
    text: '文字',
    grid: '通り芯',
    frame: '図枠',
    paving: '床仕上',
    site: '外構',
    stairs: '階段',
    hatch: 'ハッチ',
    elevation: '立面',
  },
  ru: {
    walls: 'Стены',
    doors: 'Двери',
    windows: 'Окна',
    furniture: 'Мебель',
    dimensions: 'Размеры',
    text: 'Текст',
    grid: 'Оси',
    frame: 'Рамка',
    paving: 'Полы',
    site: 'Участок',
    stairs: 'Лестницы',
    hatch: 'Штриховка',
    elevation: 'Фасады',
  },
};

/** Wall layers of offices that split walls by kind. */
export const SPREAD_WALL_LAYERS = ['WALL-EXT', 'WALL-INT', 'A-WALL-PRHT'];

export const ROOM_NAMES: Record<Language, string[]> = {
  en: [
    'Living room',
    'Kitchen',
    'Bedroom',
    'Bathroom',
    'Hall',
    'Office',
    'Store',
    'Dining',
    'Study',
    'Utility',
  ],
  de: ['Wohnen', 'Küche', 'Schlafen', 'Bad', 'Flur', 'Büro', 'Abstellraum', 'Essen', 'Arbeiten', 'Technik'],
  ja: ['居間', '台所', '寝室', '浴室', '廊下', '事務室', '倉庫', '食堂', '書斎', '機械室'],
  ru: [
    'Гостиная',
    'Кухня',
    'Спальня',
    'Санузел',
    'Коридор',
    'Кабинет',
    'Кладовая',
    'Столовая',
    'Офис',
    'Техническое',
  ],
};

export const VIEW_TITLES: Record<Language, { plan: string; elevation: string; section: string }> = {
  en: { plan: 'GROUND FLOOR PLAN', elevation: 'SOUTH ELEVATION', section: 'SECTION A-A' },
  de: { plan: 'GRUNDRISS EG', elevation: 'ANSICHT SÜD', section: 'SCHNITT A-A' },
  ja: { plan: '1階平面図', elevation: '南立面図', section: 'A-A断面図' },
  ru: { plan: 'ПЛАН 1 ЭТАЖА', elevation: 'ФАСАД 1-5', section: 'РАЗРЕЗ 1-1' },
};
