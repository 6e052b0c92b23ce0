import {
  AUTH_VALIDATION,
  EMAIL_PATTERN,
  LOGIN_CODE_PATTERN,
  TRADING_EXPERIENCE_LEVELS,
  type TradingExperience,
} from '../../lib/contracts';

// The same rules and words as the contracts' zod schemas (registerBodySchema, loginBodySchema,
// verifyBodySchema), written out by hand so the landing page does not ship zod (~60 kB gzip)
// for four checks. validation.test.ts proves the two agree on generated inputs.

/** A validation failure shown as a toast: SPEC 5 title and message. */
export interface ValidationProblem {
  title: string;
  message: string;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; problem: ValidationProblem };

const MAX_NAME_LENGTH = 100;
const MAX_EMAIL_LENGTH = 254;

function fail<T>(entry: { title: string; message: string }): Validated<T> {
  return { ok: false, problem: { title: entry.title, message: entry.message } };
}

function isExperience(value: string | undefined): value is TradingExperience {
  return (TRADING_EXPERIENCE_LEVELS as readonly string[]).includes(value ?? '');
}

export interface RegisterFormValues {
  name: string;
  email: string;
  /** Undefined until the user picks a level (a Select value cannot be the empty string). */
  tradingExperience: string | undefined;
}

export interface RegisterValues {
  name: string;
  email: string;
  tradingExperience: TradingExperience;
}

/** SPEC 5: every field present first ("Missing Information"), then the email pattern. */
export function validateRegistration(values: RegisterFormValues): Validated<RegisterValues> {
  const name = values.name.trim();
  const email = values.email.trim();
  const { tradingExperience } = values;
  if (!name || !email || !isExperience(tradingExperience)) {
    return fail(AUTH_VALIDATION.missingInformation);
  }
  if (email.length <= MAX_EMAIL_LENGTH && !EMAIL_PATTERN.test(email)) {
    return fail(AUTH_VALIDATION.invalidEmail);
  }
  if (name.length > MAX_NAME_LENGTH) return fail(AUTH_VALIDATION.nameTooLong);
  if (email.length > MAX_EMAIL_LENGTH) return fail(AUTH_VALIDATION.emailTooLong);
  return { ok: true, value: { name, email: email.toLowerCase(), tradingExperience } };
}

/** SPEC 5: an empty email is "Missing Email"; otherwise the same pattern as registration. */
export function validateLoginEmail(raw: string): Validated<{ email: string }> {
  const email = raw.trim();
  if (!email) return fail(AUTH_VALIDATION.missingEmail);
  if (email.length > MAX_EMAIL_LENGTH) return fail(AUTH_VALIDATION.emailTooLong);
  if (!EMAIL_PATTERN.test(email)) return fail(AUTH_VALIDATION.invalidEmail);
  return { ok: true, value: { email: email.toLowerCase() } };
}

/** The emailed code: 8 digits; spaces from pasting are ignored. */
export function validateLoginCode(
  rawEmail: string,
  rawCode: string,
): Validated<{ email: string; code: string }> {
  const email = validateLoginEmail(rawEmail);
  if (!email.ok) return email;
  const code = rawCode.replace(/\s+/g, '');
  if (!LOGIN_CODE_PATTERN.test(code)) return fail(AUTH_VALIDATION.invalidCode);
  return { ok: true, value: { email: email.value.email, code } };
}
