/**
 * Upload limits the server enforces and the web form checks first (decision 011).
 *
 * A module of its own, free of zod, because the command line's image decoder needs the pixel
 * limit too and importing contracts/analysis.ts for it loaded zod (about 0.1 s of a 0.4 s
 * `chart-to-plan read`). contracts/analysis.ts re-exports it for everything else.
 */
export const UPLOAD_LIMITS = {
  /** Per chart file. */
  maxFileBytes: 10 * 1024 * 1024,
  /** Width x height read from the image header before decoding (~33 MP: an 8K screenshot). */
  maxPixels: 7680 * 4320,
  /** Content types whose magic bytes the server accepts. */
  imageTypes: ['image/png', 'image/jpeg', 'image/webp'],
  /** Per chart data export (CSV): 20,000 rows of an export are about 1.2 MB. */
  maxDataBytes: 2 * 1024 * 1024,
  /** Extensions and types the file picker offers for a chart's data export. */
  dataTypes: ['.csv', '.txt', 'text/csv', 'text/plain', 'application/vnd.ms-excel'],
} as const;
