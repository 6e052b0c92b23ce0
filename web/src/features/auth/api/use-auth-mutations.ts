import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiJson, apiRequest } from '@/lib/api';
import type { LoginResponse, RegisterBody, UserEnvelope } from '@/lib/contracts';
import { toast } from '@/components/ui/use-toast';
import { LOGOUT_ERROR_TOAST, loginErrorToast, registerErrorToast } from './auth-messages';
import { userQueryOptions } from './use-user';

/** SPEC 4: a successful sign-in refetches the current user before the dashboard opens. */
async function refreshUser(queryClient: QueryClient): Promise<void> {
  await queryClient.fetchQuery({ ...userQueryOptions, staleTime: 0 });
}

export function useRegister() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (body: RegisterBody) => apiJson<UserEnvelope>('POST', '/api/register', body),
    onSuccess: async ({ user }) => {
      await refreshUser(queryClient);
      toast({
        title: 'Welcome to Chart-to-Plan!',
        description: `Your account is ready, ${user.name}.`,
      });
      navigate('/home');
    },
    onError: (error) => {
      const { title, message } = registerErrorToast(error);
      toast({ title, description: message, variant: 'destructive' });
    },
  });
}

/**
 * Step 1 of login: ask the server to email a one-time code. Success is said by the code step's
 * own notice (a toast there covered "Verify" and "Change email").
 */
export function useRequestLoginCode() {
  return useMutation({
    mutationFn: (email: string) => apiJson<LoginResponse>('POST', '/api/login', { email }),
    onError: (error) => {
      const { title, message } = loginErrorToast(error);
      toast({ title, description: message, variant: 'destructive' });
    },
  });
}

/** Step 2 of login: exchange the emailed code for a session. */
export function useVerifyLoginCode() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (body: { email: string; code: string }) =>
      apiJson<UserEnvelope>('POST', '/api/login/verify', body),
    onSuccess: async ({ user }) => {
      await refreshUser(queryClient);
      toast({ title: 'Welcome Back!', description: `Signed in as ${user.name}.` });
      navigate('/home');
    },
    onError: (error) => {
      const { title, message } = loginErrorToast(error);
      toast({ title, description: message, variant: 'destructive' });
    },
  });
}

/**
 * Proving the email of a signed-in account (decision 015): the same code exchange as login,
 * from the browser that holds the account's session, so its journal and analyses are kept
 * and the trader stays where they are. The server ends every other session of the account.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; code: string }) =>
      apiJson<UserEnvelope>('POST', '/api/login/verify', body),
    onSuccess: async ({ user }) => {
      await refreshUser(queryClient);
      toast({
        title: 'Email Verified',
        description: `${user.email} is confirmed as yours. Any other device signed in to this account was signed out.`,
      });
    },
    onError: (error) => {
      const { title, message } = loginErrorToast(error);
      toast({ title, description: message, variant: 'destructive' });
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: () => {
      // Nothing of the previous user (analyses, journal) may survive into the next session.
      queryClient.clear();
      queryClient.setQueryData(userQueryOptions.queryKey, null);
      toast({ title: 'Logged Out', description: 'You have been successfully logged out.' });
      navigate('/');
    },
    onError: () => {
      toast({
        title: LOGOUT_ERROR_TOAST.title,
        description: LOGOUT_ERROR_TOAST.message,
        variant: 'destructive',
      });
    },
  });
}
