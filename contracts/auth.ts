import { z } from 'zod';
import { AUTH_VALIDATION, EMAIL_PATTERN, LOGIN_CODE_PATTERN, TRADING_EXPERIENCE_LEVELS } from './auth-rules';

export * from './auth-rules';

/**
 * The HTTP contract of accounts: one zod schema per request body, used by the server to
 * validate and by the web app's forms, so both sides show the same words (SPEC.md 5).
 */

const emailField = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing, abort: true })
    .max(254, { error: AUTH_VALIDATION.emailTooLong.message, abort: true })
    .regex(EMAIL_PATTERN, AUTH_VALIDATION.invalidEmail.message)
    // Emails are compared case-insensitively: Jane@X.com and jane@x.com are one account.
    .toLowerCase();

export const registerBodySchema = z.object({
  name: z
    .string({ error: AUTH_VALIDATION.missingInformation.message })
    .trim()
    .min(1, { error: AUTH_VALIDATION.missingInformation.message, abort: true })
    .max(100, AUTH_VALIDATION.nameTooLong.message),
  email: emailField(AUTH_VALIDATION.missingInformation.message),
  tradingExperience: z.enum(TRADING_EXPERIENCE_LEVELS, {
    error: AUTH_VALIDATION.missingInformation.message,
  }),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailField(AUTH_VALIDATION.missingEmail.message),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const verifyBodySchema = z.object({
  email: emailField(AUTH_VALIDATION.missingEmail.message),
  code: z
    .string({ error: AUTH_VALIDATION.invalidCode.message })
    .overwrite((value) => value.replace(/\s+/g, ''))
    .regex(LOGIN_CODE_PATTERN, AUTH_VALIDATION.invalidCode.message),
});
export type VerifyBody = z.input<typeof verifyBodySchema>;

/** GET /api/auth/user answers this; register and verify answer `{ user }`. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  tradingExperience: z.enum(TRADING_EXPERIENCE_LEVELS),
  /**
   * False until the owner first signs in with a code sent to `email` (decision 015): a
   * registration alone does not prove the address, so the web app asks to verify it.
   */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** POST /api/register -> 201, POST /api/login/verify -> 200. */
export const userEnvelopeSchema = z.object({ user: userSchema });
export type UserEnvelope = z.infer<typeof userEnvelopeSchema>;

/** POST /api/login -> 202: the code was sent to `email` (lower-cased). */
export const loginResponseSchema = z.object({
  status: z.literal('code_sent'),
  email: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
