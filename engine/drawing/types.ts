/** What every accepted upload becomes: a clean line drawing plus what is known of its geometry. */

/** The clear width of a door, window or plain opening in a wall, metres: the narrowest door to the widest window. */
export const OPENING_WIDTH_M = { min: 0.45, max: 2.6 } as const;

/** A straight segment in drawing units: [x1, y1, x2, y2]. */
export type Segment = [number, number, number, number];

export type DrawingKind = 'image' | 'pdf' | 'cad';
export type SourceFormat = 'jpeg' | 'png' | 'pdf' | 'dxf' | 'dxf-binary' | 'dwg';

/** Units of the geometry's coordinates; `px` for raster inputs (the normalised PNG's own pixels). */
export type DrawingUnits =
  | 'mm'
  | 'cm'
  | 'dm'
  | 'm'
  | 'km'
  | 'in'
  | 'ft'
  | 'yd'
  | 'mi'
  | 'unitless'
  | 'px'
  | 'pt';

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A circular arc in drawing units (angles in radians, counter-clockwise from start to end). */
export interface Arc {
  cx: number;
  cy: number;
  r: number;
  start: number;
  end: number;
}

/** A line of text read on a drawing, at its centre, with its letter height (same units). */
export interface TextLine {
  text: string;
  x: number;
  y: number;
  height: number;
}

/** How a vector drawing's walls are drawn: metres of wall read from pairs of lines and from single lines, and the
 * layers most of their line work is on. */
export interface WallLines {
  pairedM: number;
  singleM: number;
  layers: string[];
}

export interface DrawingGeometry {
  /** Extent of the drawn content, in drawing units. */
  bounds: Bounds;
  units: DrawingUnits;
  /** Metres per drawing unit when the file says so (CAD with $INSUNITS); null when unknown. */
  metresPerUnit: number | null;
  /** True when the y axis points down (raster inputs: PNG pixel rows). */
  yDown: boolean;
  /**
   * A PDF page read from its paths (walls paired from its lines): `segments`, `arcs`, `details`, `roomClosers` and
   * view bounds are in page points (origin top-left, y down), the plan model's own space for a PDF.
   */
  fromPdfPaths?: boolean;
  /**
   * A picture of line work read from its thin straight lines as a CAD drawing is (in the picture's own pixels, y
   * down): the reading to take instead of its ink's when it encloses more of the building (`engine/plan/read-plan`).
   */
  pictureLines?: Partial<Omit<DrawingGeometry, 'pictureLines'>> & { warnings: string[] };
  /** How the walls read are drawn (vector readings). */
  wallLines?: WallLines;
  /** Wall centrelines, in drawing units, when the file has vector data (DXF/DWG, a PDF read from its paths). */
  segments?: Segment[];
  /** The thickness of each wall in `segments`, drawing units. */
  wallThickness?: number[];
  /** Drawn lines that are not walls but close rooms (faces of a wall mass, jambs), drawing units. */
  roomClosers?: Segment[];
  /** Where `metresPerUnit` comes from: the file's own units, inferred from doors or walls, or a guess. */
  scaleSource?: 'file' | 'inferred' | 'guessed';
  /** The views found on a CAD sheet, and the one the plan was read from. */
  views?: {
    id: string;
    label: string;
    kind: 'plan' | 'elevation' | 'section' | 'text' | 'unknown';
    bounds?: Bounds;
    page?: number;
    /** The storeys the view's words name, each once (PDF pages). */
    storeys?: string[];
    /** Another plan of the same building on the sheet: its walls (centreline and thickness), drawing units. */
    walls?: { seg: Segment; thickness: number }[];
  }[];
  viewId?: string;
  /** Set when nothing plan-like was found: why, in words for the user. */
  noPlanReason?: string;
  /** Other straight segments (glazing, door leaves, furniture…), capped; used to tell windows from doors. */
  details?: Segment[];
  /**
   * Line work the reader knows is not walls (stair treads, a paving grid, a void's cross, a walking arrow), capped,
   * drawing units: the plan check counts it as read.
   */
  symbols?: Segment[];
  /** The flights of stairs among them, drawing units. */
  stairs?: DrawingStair[];
  /** Arcs (door swings among them). */
  arcs?: Arc[];
  /** Words on the sheet (a PDF page's text), each at the middle of its run, in drawing units. */
  texts?: { text: string; x: number; y: number }[];
  /** For raster inputs: original image pixel (x, y) → normalised PNG pixel ((x - offsetX) * scale, (y - offsetY) * scale). */
  pixelTransform?: { scale: number; offsetX: number; offsetY: number };
  /**
   * CAD: drawing units → pixels of the normalised PNG, [a, b, c, d, e, f] with px = a·x + b·y + c and
   * py = d·x + e·y + f.
   */
  pngTransform?: [number, number, number, number, number, number];
  /** Counts of the entities read (CAD), by type. */
  entityCounts?: Record<string, number>;
  /** Names of the layers that were drawn (CAD). */
  layers?: string[];
  source: {
    format: SourceFormat;
    /** e.g. 'AC1015 (R2000)' for DWG/DXF, the PDF version, or the image codec. */
    version?: string;
    pages?: number;
    /** PDF: the page drawn (1-based), and page points per pixel of the drawn page. */
    page?: number;
    pointsPerPixel?: number;
    originalWidth?: number;
    originalHeight?: number;
  };
  /** Things the user may want to know (e.g. the drawing was simplified). */
  warnings: string[];
}

export interface NormalisedDrawing {
  /** Line drawing: dark lines on white, longest side ≤ 1024 px, margins trimmed. */
  png: Buffer;
  width: number;
  height: number;
  kind: DrawingKind;
  geometry: DrawingGeometry;
}

export interface NormaliseInput {
  bytes: Uint8Array;
  fileName: string;
  contentType?: string;
  /** A PDF's page to read (1-based) instead of the page the reader would choose. */
  pdfPage?: number;
  /** A CAD sheet's view to read as the plan (`view-2`) instead of the one the reader would choose. */
  cadViewId?: string;
}

/** Whether the drawing's walls come from its vectors (CAD, or a PDF read from its paths) rather than its pixels. */
export const readFromVectors = (drawing: NormalisedDrawing) =>
  drawing.kind === 'cad' || drawing.geometry.fromPdfPaths === true;

/** A flight of stairs: its outline from the first tread's edge (the first two corners) to the last's, and its treads. */
export interface DrawingStair {
  /** From its foot (the first two corners) to its head. */
  outline: [[number, number], [number, number], [number, number], [number, number]];
  treads: number;
  /** The drawing shows which way it climbs (a walking line's arrow); else the foot is a guess. */
  climbDrawn?: boolean;
}
