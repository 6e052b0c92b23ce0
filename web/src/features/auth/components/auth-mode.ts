export type AuthMode = 'register' | 'login';
