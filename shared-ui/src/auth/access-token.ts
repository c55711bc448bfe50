import { ApiError, type GetToken } from '../api/api-error';
import type { AuthState } from './auth-state';

/** The signed-in user's access token for the service's audience; a 401 when there is none. */
export function accessTokenGetter(getAccessTokenSilently: AuthState['getAccessTokenSilently'], audience: string): GetToken {
  return async () => {
    const token = await getAccessTokenSilently({ authorizationParams: { audience } });
    if (!token) throw new ApiError(401, 'Please login to proceed');
    return token;
  };
}
