import { homeForRole } from '@gym/contract/acl';
import type { LoginResponse } from '@gym/contract/auth';
import { useNavigate, useSearchParams } from 'react-router';
import { applyAccountPreferences } from '../../shared/preferences';
import { safeReturnPath } from '../../shared/routing/guards';
import { isPathAllowed } from '../../shared/routing/pathAccess';
import { startSession } from '../../shared/session';

/**
 * After a successful sign-in or sign-up: keep the session, apply the account's preferences
 * (language, skin, layout), then go back to the page the user wanted or to their role's home.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return async (answer: LoginResponse) => {
    startSession(answer);
    await applyAccountPreferences(answer.userData.preferences).catch(() => undefined);
    const wanted = safeReturnPath(params.get('redirect'));
    const target = wanted && isPathAllowed(wanted) ? wanted : homeForRole(answer.userData.role);
    navigate(target, { replace: true });
  };
}
