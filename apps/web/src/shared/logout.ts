import { api } from './api/client';
import { disconnectRealtime } from './realtime';
import { clearSession, getRefreshToken } from './session';

/** Signs out: the server revokes the refresh token family; this browser forgets the session. */
export async function logout(): Promise<void> {
  const refreshToken = getRefreshToken();
  disconnectRealtime();
  if (refreshToken) {
    await api.post('/jwt/logout', { refreshToken }, { auth: false }).catch(() => {
      // Offline or already revoked: forgetting the tokens here is what matters.
    });
  }
  clearSession();
}
