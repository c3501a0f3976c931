import { createContext, useContext } from 'react';
import type { FlatRoute } from '@pv/contract';

/** The route a page is rendered for (its title key, its buttons). */
export const PageRouteContext = createContext<FlatRoute | undefined>(undefined);
export const usePageRoute = () => useContext(PageRouteContext);
