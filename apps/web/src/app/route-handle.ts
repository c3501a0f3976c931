import type { FlatRoute } from '@pv/contract';

/** What a matched route tells the layout: its title, and the console page it shows. */
export interface RouteHandle {
  titleKey: string;
  page?: FlatRoute;
  notFound?: boolean;
}
