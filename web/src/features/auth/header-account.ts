import type { HeaderAccount } from '@/components/layout/app-header';
import type { User } from '@/lib/contracts';
import { useLogout } from './api';
import { experienceLabel } from './experience';

/** The signed-in user and Logout for the signed-in pages' AppHeader. */
export function useHeaderAccount(user: User): HeaderAccount {
  const logout = useLogout();
  return {
    name: user.name,
    experience: experienceLabel(user.tradingExperience),
    logout: () => logout.mutate(),
    loggingOut: logout.isPending,
    unverified: !user.emailVerified,
  };
}
