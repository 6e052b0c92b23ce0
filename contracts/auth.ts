import { z } from 'zod';

/**
 * The HTTP contract of accounts: one zod schema per request body, used by the server to
 * validate and by the web app's forms, so both sides show the same words (SPEC.md 5).
 */

export const TRADING_EXPERIENCE_LEVELS = ['learner', 'intermediate', 'expert'] as const;
export type TradingExperience = (typeof TRADING_EXPERIENCE_LEVELS)[number];

/** Titles and messages of SPEC.md 5; the server answers with the same pair as title/detail. */
export const AUTH_VALIDATION = {
  missingInformation: {
    title: 'Missing Information',
    message: 'Please fill in all required fields.',
  },
  invalidEmail: { title: 'Invalid Email', message: 'Please enter a valid email address.' },
  missingEmail: { title: 'Missing Email', message: 'Please enter your email address.' },
  invalidCode: {
    title: 'Invalid Code',
    message: 'Please enter the 8-digit code from your email.',
  },
  nameTooLong: { title: 'Name Too Long', message: 'Please use a name of at most 100 characters.' },
  emailTooLong: {
    title: 'Invalid Email',
    message: 'Please use an email address of at most 254 characters.',
  },
} as const;

/** Title shown for a validation message (the server puts it in problem+json `title`). */
export const validationTitleFor = (message: string): string | undefined =>
  Object.values(AUTH_VALIDATION).find((entry) => entry.message === message)?.title;

/** "A simple {email} pattern" (SPEC.md 5): something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Login codes are 8 digits (DECISIONS.md); users may paste them with spaces. */
export const LOGIN_CODE_LENGTH = 8;
export const LOGIN_CODE_PATTERN = /^\d{8}$/;
/** Minutes a login code stays valid; also written in the email. */
export const LOGIN_CODE_TTL_MINUTES = 10;
/** Wrong tries after which a code is burned and a new one must be requested. */
export const LOGIN_CODE_MAX_ATTEMPTS = 5;

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

/**
 * Texts the web app matches on (SPEC.md 8 matches on substrings of the response body):
 * the 409 of register and the 404 of login contain these.
 */
export const AUTH_ERROR_TEXT = {
  emailAlreadyRegistered: 'Email already registered',
  noAccountFound: 'No account found',
} as const;

/** Header every state-changing API call must carry (CSRF defence; any value works). */
export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'chart-to-plan';
