import { createContext, useContext } from 'react';

/** A matched route as the layouts read it: its handle (app/route-handle.ts). */
export interface MatchedRoute {
  handle: unknown;
}

/**
 * The routes matching the current location, the deepest last. The console uses React Router's
 * declarative mode (app/router.tsx), which has no `useMatches`: the router puts them here.
 */
export const RouteMatchesContext = createContext<readonly MatchedRoute[]>([]);

export const useRouteMatches = () => useContext(RouteMatchesContext);
