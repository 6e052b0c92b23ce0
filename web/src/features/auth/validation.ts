import {
  AUTH_VALIDATION,
  loginBodySchema,
  registerBodySchema,
  validationTitleFor,
  verifyBodySchema,
  type LoginBody,
  type RegisterBody,
} from '../../lib/contracts';

/** A validation failure shown as a toast: SPEC 5 title and message. */
export interface ValidationProblem {
  title: string;
  message: string;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; problem: ValidationProblem };

function firstProblem(messages: string[], priority: string[]): ValidationProblem {
  // SPEC 5 checks "all fields present" before the email pattern, so a form with an empty name
  // and a malformed email reports the missing information first.
  const message = priority.find((m) => messages.includes(m)) ?? messages[0] ?? '';
  return { title: validationTitleFor(message) ?? 'Invalid Input', message };
}

export interface RegisterFormValues {
  name: string;
  email: string;
  /** Undefined until the user picks a level (a Select value cannot be the empty string). */
  tradingExperience: string | undefined;
}

export function validateRegistration(values: RegisterFormValues): Validated<RegisterBody> {
  const parsed = registerBodySchema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    problem: firstProblem(
      parsed.error.issues.map((i) => i.message),
      [AUTH_VALIDATION.missingInformation.message, AUTH_VALIDATION.invalidEmail.message],
    ),
  };
}

export function validateLoginEmail(email: string): Validated<LoginBody> {
  const parsed = loginBodySchema.safeParse({ email });
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    problem: firstProblem(
      parsed.error.issues.map((i) => i.message),
      [AUTH_VALIDATION.missingEmail.message, AUTH_VALIDATION.invalidEmail.message],
    ),
  };
}

export function validateLoginCode(email: string, code: string): Validated<{ email: string; code: string }> {
  const parsed = verifyBodySchema.safeParse({ email, code });
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    problem: firstProblem(
      parsed.error.issues.map((i) => i.message),
      [AUTH_VALIDATION.invalidCode.message],
    ),
  };
}

/** Digits only, at most 8: tolerates pasting "1234 5678" or "Your code is 12345678." */
export function sanitizeCodeInput(raw: string, length = 8): string {
  return raw.replace(/\D+/g, '').slice(0, length);
}
