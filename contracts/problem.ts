import { z } from 'zod';

/**
 * Every API error is answered as problem+json (RFC 9457). `detail` is a sentence a trader
 * can act on (4xx) or a generic apology (5xx); `errors` lists field-level validation issues;
 * `code` is a stable machine-readable code (e.g. EMAIL_TAKEN, NO_CHART_FOUND).
 */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export const problemFieldErrorSchema = z.object({
  /** Dotted path of the offending field ("email", "charts.0"); empty for the whole body. */
  field: z.string(),
  message: z.string(),
});
export type ProblemFieldError = z.infer<typeof problemFieldErrorSchema>;

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string().optional(),
  errors: z.array(problemFieldErrorSchema).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
