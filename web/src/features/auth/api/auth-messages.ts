import { errorDetail } from '../../../lib/api';
import { AUTH_ERROR_TEXT } from '../../../lib/contracts';
import type { ValidationProblem } from '../validation';

// Toast texts of SPEC 8. Matching is on the error text (which carries the response body),
// exactly as the SPEC describes, so a server that words its detail differently still maps.

export function registerErrorToast(error: unknown): ValidationProblem {
  if (error instanceof Error && error.message.includes(AUTH_ERROR_TEXT.emailAlreadyRegistered)) {
    return {
      title: 'Already Registered',
      message: 'This email is already registered. Please try logging in.',
    };
  }
  return {
    title: 'Registration Error',
    message: errorDetail(error) ?? 'Registration failed. Please try again.',
  };
}

export function loginErrorToast(error: unknown): ValidationProblem {
  if (error instanceof Error && error.message.includes(AUTH_ERROR_TEXT.noAccountFound)) {
    return {
      title: 'Account Not Found',
      message: 'No account found with this email. Please register first.',
    };
  }
  return { title: 'Login Error', message: errorDetail(error) ?? 'Login failed. Please try again.' };
}

export const LOGOUT_ERROR_TOAST: ValidationProblem = {
  title: 'Logout Error',
  message: 'Failed to logout. Please try again.',
};
