/**
 * The product's domain words, each defined once (without zod, so every page and task can import them cheaply):
 * the variations of a generation, the render styles, the image providers and the file kinds an upload may be.
 * Adding a variation, style, provider or file kind is one entry here; the compiler then names every place that
 * must say what it means for it (a `Record` over these keys is exhaustive by type).
 */

// ---------------------------------------------------------------------------------------------------------------
// Variations (spec §7): every generation renders each of them once.

/** Which of the scene's default cameras a variation is rendered from (shared/scene/cameras.ts). */
export type VariationCamera = 'main' | 'opposite';

export interface VariationDefinition {
  /** As the upload page, the Renders tab and download names call it. */
  name: string;
  description: string;
  /** Appended to the user's prompt for an AI provider (spec §7, word for word). */
  promptSuffix: string;
  camera: VariationCamera;
}

export const VARIATIONS = {
  1: {
    name: 'Lighting & materials',
    description: 'Enhanced lighting and detailed material textures',
    promptSuffix: 'enhanced lighting and detailed material textures',
    camera: 'main',
  },
  2: {
    name: 'Alternative camera',
    description: 'Another camera perspective and composition',
    promptSuffix: 'alternative camera perspective and composition',
    camera: 'opposite',
  },
  3: {
    name: 'Time of day',
    description: 'A different time of day with atmospheric effects',
    promptSuffix: 'different time of day with atmospheric effects',
    // The variation changes the time of day, not the view.
    camera: 'main',
  },
} as const satisfies Record<number, VariationDefinition>;

export type VariationNumber = keyof typeof VARIATIONS;
export const VARIATION_NUMBERS = Object.keys(VARIATIONS).map(Number) as VariationNumber[];
export const VARIATIONS_PER_GENERATION = VARIATION_NUMBERS.length;
/** The prompt suffixes in variation order (index = variation − 1). */
export const VARIATION_SUFFIXES = VARIATION_NUMBERS.map((n) => VARIATIONS[n].promptSuffix);

export const isVariationNumber = (n: unknown): n is VariationNumber =>
  typeof n === 'number' && Object.hasOwn(VARIATIONS, n);

/** "Lighting & materials", "Alternative camera", "Time of day" ("Visualization" for an unknown number). */
/** The variation a stored style names (`variation-2` → 2), for renders that only carry their style. */
export function variationOfStyle(style: string | null | undefined): number | null {
  const match = /^variation-(\d+)$/.exec(style ?? '');
  return match ? Number(match[1]) : null;
}

export const variationName = (variation: number | null | undefined): string =>
  isVariationNumber(variation) ? VARIATIONS[variation].name : 'Visualization';

// ---------------------------------------------------------------------------------------------------------------
// Render styles: what a prompt asks the look to be.

export interface StyleDefinition {
  label: string;
  /** Words in a prompt that ask for this style, tried in the registry's order (the first match wins). */
  asks: RegExp;
  /** What an AI provider is told the style is, after the user's prompt and the variation's suffix. */
  promptWords: string;
}

export const RENDER_STYLE_DEFINITIONS = {
  interior: {
    label: 'Interior',
    asks: /\binterior|inside|indoors?|cut-?away|room view/,
    promptWords: 'interior architectural visualization, furnished rooms, natural light through the windows',
  },
  night: {
    label: 'Night',
    asks: /\bnight|evening|nocturnal|after dark|moonlit|dusk|ambient light/,
    promptWords:
      'architectural visualization at night, warm interior lights glowing through the windows, ambient light',
  },
  artistic: {
    label: 'Artistic',
    asks: /watercolou?r|artistic|sketch|paint|hand[- ]drawn|illustrat|aquarel/,
    promptWords:
      'artistic architectural illustration, watercolour and ink, hand-drawn, soft washes of colour',
  },
  isometric: {
    label: 'Isometric',
    asks: /isometric|axonometric|orthographic|\biso\b/,
    promptWords:
      'isometric architectural rendering, axonometric 3D view, clean massing model, soft studio light',
  },
  photorealistic: {
    label: 'Photorealistic',
    asks: /photo-?real|realistic|photograph|lifelike/,
    promptWords:
      'photorealistic architectural visualization, realistic materials, natural daylight, high detail',
  },
} as const satisfies Record<string, StyleDefinition>;

export type RenderStyle = keyof typeof RENDER_STYLE_DEFINITIONS;
/** The styles in the order the product lists them. */
export const RENDER_STYLES = [
  'isometric',
  'photorealistic',
  'artistic',
  'night',
  'interior',
] as const satisfies readonly RenderStyle[];
export const DEFAULT_RENDER_STYLE: RenderStyle = 'photorealistic';

/** The style a prompt asks for; photorealistic when it names none. */
export function styleFromPrompt(prompt: string): RenderStyle {
  const words = prompt.toLowerCase();
  for (const [style, definition] of Object.entries(RENDER_STYLE_DEFINITIONS)) {
    if (definition.asks.test(words)) return style as RenderStyle;
  }
  return DEFAULT_RENDER_STYLE;
}

// ---------------------------------------------------------------------------------------------------------------
// Image providers (functions/lib/providers): the system setting ai_model_primary picks one.

export interface ImageProviderDefinition {
  name: string;
  /** Whether it calls Amazon Bedrock (and so needs model access in the account). */
  bedrock: boolean;
}

export const IMAGE_PROVIDER_DEFINITIONS = {
  local: { name: 'Planform renderer', bedrock: false },
  'bedrock-stability-structure': { name: 'Stability AI Control Structure (Amazon Bedrock)', bedrock: true },
  'bedrock-nova-canvas': { name: 'Amazon Nova Canvas (Amazon Bedrock)', bedrock: true },
} as const satisfies Record<string, ImageProviderDefinition>;

export type ImageProviderId = keyof typeof IMAGE_PROVIDER_DEFINITIONS;
export const IMAGE_PROVIDERS = Object.keys(IMAGE_PROVIDER_DEFINITIONS) as [
  ImageProviderId,
  ...ImageProviderId[],
];
export const DEFAULT_IMAGE_PROVIDER: ImageProviderId = 'local';

// ---------------------------------------------------------------------------------------------------------------
// File kinds: what an upload may be. The bytes decide the kind (functions/lib/file-format.ts); the extension must
// agree with them.

/** How the product reads a kind: images by the raster reader, PDFs by the PDF reader, CAD by the CAD readers. */
export const FILE_TYPES = ['image', 'pdf', 'cad', 'other'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export interface FileKindDefinition {
  /** As the upload page lists it. */
  label: string;
  /** As an error message names it ("… is not a valid DWG drawing"). */
  noun: string;
  extensions: readonly string[];
  fileType: FileType;
  /** The Content-Types an upload of this kind may declare: what browsers, CAD programs and systems send. */
  contentTypes: readonly string[];
}

export const FILE_KINDS = {
  jpeg: {
    label: 'JPG',
    noun: 'JPEG image',
    extensions: ['jpg', 'jpeg'],
    fileType: 'image',
    contentTypes: ['image/jpeg', 'image/pjpeg'],
  },
  png: {
    label: 'PNG',
    noun: 'PNG image',
    extensions: ['png'],
    fileType: 'image',
    contentTypes: ['image/png', 'image/x-png'],
  },
  pdf: {
    label: 'PDF',
    noun: 'PDF',
    extensions: ['pdf'],
    fileType: 'pdf',
    contentTypes: ['application/pdf', 'application/x-pdf'],
  },
  dwg: {
    label: 'DWG',
    noun: 'DWG drawing',
    extensions: ['dwg'],
    fileType: 'cad',
    contentTypes: [
      'image/vnd.dwg',
      'application/acad',
      'application/x-acad',
      'application/autocad_dwg',
      'application/dwg',
      'application/x-dwg',
      'application/x-autocad',
      'image/x-dwg',
    ],
  },
  dxf: {
    label: 'DXF',
    noun: 'DXF drawing',
    extensions: ['dxf'],
    fileType: 'cad',
    contentTypes: [
      'image/vnd.dxf',
      'application/dxf',
      'application/x-dxf',
      'image/x-dxf',
      'application/x-autocad',
    ],
  },
} as const satisfies Record<string, FileKindDefinition>;

export type FileKind = keyof typeof FILE_KINDS;
export type AcceptedExtension = (typeof FILE_KINDS)[FileKind]['extensions'][number];
export const FILE_KIND_IDS = Object.keys(FILE_KINDS) as FileKind[];
export const ACCEPTED_EXTENSIONS: readonly AcceptedExtension[] = FILE_KIND_IDS.flatMap(
  (kind) => FILE_KINDS[kind].extensions,
);
/** "JPG, PNG, PDF, DWG, DXF". */
export const UPLOAD_FORMATS_LABEL = FILE_KIND_IDS.map((kind) => FILE_KINDS[kind].label).join(', ');

/** The kind a file extension (without the dot, any case) names; undefined for one no kind has. */
export function fileKindOfExtension(extension: string): FileKind | undefined {
  const ext = extension.toLowerCase();
  return FILE_KIND_IDS.find((kind) => (FILE_KINDS[kind].extensions as readonly string[]).includes(ext));
}
