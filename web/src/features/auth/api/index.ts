export { useUser, userQueryOptions, USER_QUERY_KEY } from './use-user';
export { useLogout, useRegister, useRequestLoginCode, useVerifyLoginCode } from './use-auth-mutations';
