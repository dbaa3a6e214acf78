import { homeForRole } from '@gym/contract/acl';
import { useLoggedIn, useUserData } from '../../shared/useSession';

/** Where "home" is for whoever is here: their role's home, or sign-in. */
export function useHomePath(): string {
  const loggedIn = useLoggedIn();
  const user = useUserData();
  return loggedIn ? homeForRole(user?.role) : '/login';
}
