import { ApiError } from '../../../lib/api';
import { loginErrorToast, registerErrorToast } from './auth-messages';

const problem = (status: number, detail: string) =>
  new ApiError(status, JSON.stringify({ type: 'about:blank', title: 'Error', status, detail }), 'Error');

describe('SPEC 8 error toasts', () => {
  it('maps a 409 containing "Email already registered" to Already Registered', () => {
    expect(registerErrorToast(problem(409, 'Email already registered'))).toEqual({
      title: 'Already Registered',
      message: 'This email is already registered. Please try logging in.',
    });
  });

  it('shows the server detail for other registration errors, or the fallback', () => {
    expect(registerErrorToast(problem(400, 'Please use a name of at most 100 characters.'))).toEqual({
      title: 'Registration Error',
      message: 'Please use a name of at most 100 characters.',
    });
    expect(registerErrorToast(new TypeError(''))).toEqual({
      title: 'Registration Error',
      message: 'Registration failed. Please try again.',
    });
  });

  it('maps a 404 containing "No account found" to Account Not Found', () => {
    expect(loginErrorToast(problem(404, 'No account found for this email'))).toEqual({
      title: 'Account Not Found',
      message: 'No account found with this email. Please register first.',
    });
  });

  it('shows the readable detail of other login errors (e.g. a burned code or a rate limit)', () => {
    expect(loginErrorToast(problem(429, 'Too many codes requested. Try again in 60 seconds.'))).toEqual({
      title: 'Login Error',
      message: 'Too many codes requested. Try again in 60 seconds.',
    });
    expect(loginErrorToast(new ApiError(502, '<html>Bad gateway</html>', 'Bad Gateway'))).toEqual({
      title: 'Login Error',
      message: 'Login failed. Please try again.',
    });
  });
});
