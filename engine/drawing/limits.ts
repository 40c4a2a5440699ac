/** Bounds on the work done for any input, so that every upload finishes in bounded time and memory. */
export const LIMITS = {
  /** Longest side of the normalised line drawing. */
  maxPreviewSide: 1024,
  /** Raster inputs larger than this many pixels are refused (decompression bombs). */
  maxInputPixels: 100_000_000,
  /** Raster inputs smaller than this on either side are refused. */
  minImageSide: 16,
  /** Working resolution when cleaning up a raster before it is trimmed and scaled. */
  rasterWorkSide: 2048,
  /** Wall segments kept for the renderer (more are merged, then the shortest dropped). */
  maxWallSegments: 5_000,
  /** Other segments kept in the geometry (details). */
  maxDetailSegments: 5_000,
  maxArcs: 2_000,
  /**
   * Records (entities, block and table entries) a DXF may hold: counted before parsing, so a file of millions of
   * entities is refused quickly instead of filling memory (the parser holds every record as objects).
   */
  maxDxfRecords: 250_000,
  /** Primitives produced when expanding a CAD file (blocks included); beyond it the rest is skipped. */
  maxPrimitives: 250_000,
  /** Nesting depth of block references. */
  maxBlockDepth: 8,
  /** PDF page is rasterised so that its longest side is at most this many pixels. */
  pdfRenderSide: 2048,
  /** Time allowed to open a PDF, and to rasterise a page. */
  pdfTimeoutMs: 20_000,
  /** Time allowed to read what a PDF page draws (its operators). */
  pdfOperatorsTimeoutMs: 10_000,
  /** Time allowed to read a PDF page's text. */
  pdfTextTimeoutMs: 5_000,
  /** Time allowed to read a CAD file (checked between steps). */
  cadTimeoutMs: 30_000,
} as const;
