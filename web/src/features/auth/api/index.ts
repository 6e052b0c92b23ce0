export { useUser, userQueryOptions, USER_QUERY_KEY } from './use-user';
export {
  useLogout,
  useRegister,
  useRequestLoginCode,
  useVerifyEmail,
  useVerifyLoginCode,
} from './use-auth-mutations';
