import { z } from 'zod';

/**
 * GET /api/figures: the real numbers the landing page shows (DECISIONS.md "Honest marketing":
 * figures the product has measured, never invented ones). Public, no personal data.
 */
export const publicFiguresSchema = z.object({
  /** Analyses traders have saved on this server (each read three charts); deleted ones not counted. */
  analysesSaved: z.number().int().nonnegative(),
});
export type PublicFiguresDto = z.infer<typeof publicFiguresSchema>;
