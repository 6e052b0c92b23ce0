/**
 * The rules and words of accounts without zod: constants both sides use. The landing page
 * imports only this module (through web/src/lib/contracts.ts), so it does not ship zod; the
 * schemas built from these are in auth.ts.
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
