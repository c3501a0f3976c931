import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { flattenRoutes, ROUTE_TREE } from '@pv/contract';
import { useTagsView, viewOf, type TagView } from '@/stores/tags-view';
import { TagsView } from './tags-view';

initI18n('en');

const view = (path: string, titleKey: string, extra: Partial<TagView> = {}): TagView => ({
  path,
  fullPath: path,
  name: path,
  titleKey,
  ...extra,
});
const dashboard = view('/dashboard', 'route.dashboard', { affix: true });
const plants = view('/power_station/power_station_list', 'route.powerStationList');
const devices = view('/devices/devices__manage', 'route.devicesManage');
const users = view('/auth/user', 'route.user');

function renderAt(path: string, home = '/dashboard') {
  const router = createMemoryRouter([{ path: '*', element: <TagsView home={home} /> }], { initialEntries: [path] });
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  return router;
}

const tag = (path: string) => screen.getByTestId(`tag-${path}`);
const paths = () => useTagsView.getState().visitedViews.map((v) => v.path);

async function choose(path: string, item: string) {
  fireEvent.contextMenu(tag(path));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('<TagsView>', () => {
  afterEach(cleanup);
  beforeEach(() => {
    useTagsView.setState({
      visitedViews: [dashboard, plants, devices, users],
      cachedViews: [dashboard.path, plants.path, devices.path, users.path],
      refreshKeys: {},
    });
  });

  it('shows a tab per visited page with its translated title, the current one active', () => {
    renderAt('/auth/user');
    expect(tag('/dashboard').textContent).toBe('Dashboard');
    expect(tag('/auth/user').getAttribute('aria-selected')).toBe('true');
    expect(tag('/dashboard').getAttribute('aria-selected')).toBe('false');
    expect(tag('/auth/user').getAttribute('href')).toBe('/auth/user');
  });

  it('gives the affix tab no close control, neither on the tab nor in its menu', async () => {
    renderAt('/dashboard');
    expect(screen.queryByTestId('tag-close-/dashboard')).toBeNull();
    expect(screen.getByTestId('tag-close-/auth/user')).toBeTruthy();
    fireEvent.contextMenu(tag('/dashboard'));
    await screen.findByRole('menuitem', { name: 'Refresh' });
    expect(screen.queryByRole('menuitem', { name: 'Close' })).toBeNull();
  });

  it('closing the current tab opens the last remaining one', async () => {
    const router = renderAt('/auth/user');
    fireEvent.click(screen.getByTestId('tag-close-/auth/user'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices/devices__manage'));
    expect(paths()).toEqual(['/dashboard', '/power_station/power_station_list', '/devices/devices__manage']);
  });

  it("an agent's landing page (the plant list) is pinned: close others keeps it, it has no close", async () => {
    const home = '/power_station/power_station_list';
    const route = (path: string) => flattenRoutes(ROUTE_TREE).find((r) => r.fullPath === path)!;
    const agentTabs = [home, '/devices/devices__manage', '/devices/data'].map((p) => viewOf(route(p), home));
    useTagsView.setState({ visitedViews: agentTabs, cachedViews: agentTabs.map((v) => v.path), refreshKeys: {} });
    const router = renderAt('/devices/data', home);
    expect(screen.queryByTestId(`tag-close-${home}`)).toBeNull();
    await choose('/devices/devices__manage', 'Close others');
    expect(paths()).toEqual([home, '/devices/devices__manage']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices/devices__manage'));
  });

  it('close others keeps the affix tab and the chosen one, and opens the chosen one', async () => {
    const router = renderAt('/auth/user');
    await choose('/devices/devices__manage', 'Close others');
    expect(paths()).toEqual(['/dashboard', '/devices/devices__manage']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices/devices__manage'));
  });

  it('close all keeps the affix tab and goes home (the plant list for a non-ROOT user)', async () => {
    useTagsView.setState({ visitedViews: [plants, devices, users], cachedViews: [] });
    const router = renderAt('/auth/user', '/power_station/power_station_list');
    await choose('/auth/user', 'Close all');
    expect(paths()).toEqual([]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/power_station/power_station_list'));
  });

  it('refresh bumps the page key so the page mounts again, and stays on the page', async () => {
    const router = renderAt('/auth/user');
    await choose('/auth/user', 'Refresh');
    expect(useTagsView.getState().refreshKeys['/auth/user']).toBe(1);
    expect(router.state.location.pathname).toBe('/auth/user');
  });

  it('offers the same actions for the current tab from the bar menu', async () => {
    const router = renderAt('/devices/devices__manage');
    fireEvent.click(screen.getByTestId('tags-actions'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Close all' }));
    expect(paths()).toEqual(['/dashboard']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('follows the store: a tab added elsewhere appears', () => {
    useTagsView.setState({ visitedViews: [dashboard] });
    renderAt('/dashboard');
    expect(screen.queryByTestId('tag-/auth/user')).toBeNull();
    act(() => useTagsView.getState().addView(users));
    expect(tag('/auth/user')).toBeTruthy();
  });
});
