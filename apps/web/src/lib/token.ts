import { TOKEN_COOKIE } from '@pv/contract';
import Cookies from 'js-cookie';

/** The session token lives in the Admin-Token cookie (spec §9). */
export const getToken = () => Cookies.get(TOKEN_COOKIE);
export const setToken = (token: string) => Cookies.set(TOKEN_COOKIE, token, { sameSite: 'Lax' });
export const removeToken = () => {
  Cookies.remove(TOKEN_COOKIE);
  sessionStorage.removeItem('userBtns');
};
