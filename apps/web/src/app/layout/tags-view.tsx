import {
  CloseCircleOutlined,
  CloseOutlined,
  ColumnWidthOutlined,
  DownOutlined,
  ReloadOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTagsView, type TagView } from '@/stores/tags-view';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/**
 * Tabs of visited pages (spec §2): refresh, close, close others and close all, from a tab's
 * context menu or from the menu at the end of the bar (for touch screens). Affix tabs stay.
 * `home` is where "close all" leads: the dashboard for ROOT, else the plant list.
 */
export function TagsView({ home }: { home: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { visitedViews, delView, delOthersViews, delAllViews, refreshView } = useTagsView();
  const activeRef = useRef<HTMLAnchorElement | null>(null);

  useEffect(() => {
    // keep the current tab in sight when the bar overflows: in the next frame, which lays the page
    // out anyway (measured here, the whole new console would be laid out in the task that mounts it)
    const frame = requestAnimationFrame(() =>
      activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [pathname, visitedViews.length]);

  const run = (action: Action, view: TagView) => {
    if (action === 'refresh') {
      refreshView(view.path);
      if (view.path !== pathname) navigate(view.fullPath);
    } else if (action === 'close') {
      if (view.affix) return;
      const rest = visitedViews.filter((v) => v.path !== view.path);
      delView(view);
      if (view.path === pathname) navigate(rest[rest.length - 1]?.fullPath ?? home);
    } else if (action === 'closeOthers') {
      delOthersViews(view);
      if (view.path !== pathname) navigate(view.fullPath);
    } else {
      delAllViews();
      if (pathname !== home) navigate(home);
    }
  };

  const menuFor = (view: TagView): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined aria-hidden />, label: t('layout.tags.refresh') },
      ...(view.affix ? [] : [{ key: 'close', icon: <CloseOutlined aria-hidden />, label: t('layout.tags.close') }]),
      { key: 'closeOthers', icon: <ColumnWidthOutlined aria-hidden />, label: t('layout.tags.closeOthers') },
      { key: 'closeAll', icon: <StopOutlined aria-hidden />, label: t('layout.tags.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      run(key as Action, view);
    },
  });

  const current = visitedViews.find((v) => v.path === pathname);
  const onAuxClick = (e: MouseEvent, view: TagView) => {
    // middle click closes a tab, as in a browser
    if (e.button === 1 && !view.affix) {
      e.preventDefault();
      run('close', view);
    }
  };

  return (
    <div className="pv-tags" data-testid="tags-view">
      {/* the tabs are the tablist's own children (axe: aria-required-children) */}
      <div
        className="pv-tags-scroll"
        role="tablist"
        aria-label={t('layout.tags.label')}
        onWheel={(e) => {
          // a mouse wheel scrolls the tabs sideways, as in vue-element-admin's scroll pane
          if (Math.abs(e.deltaY) > Math.abs(e.deltaX)) e.currentTarget.scrollLeft += e.deltaY;
        }}
      >
        {visitedViews.map((view) => {
          const active = view.path === pathname;
          return (
            <Dropdown key={view.path} menu={menuFor(view)} trigger={['contextMenu']}>
              <Link
                to={view.fullPath}
                ref={active ? activeRef : undefined}
                role="tab"
                aria-selected={active}
                data-testid={`tag-${view.path}`}
                className={`pv-tag ${active ? 'pv-tag-active' : ''}`}
                onAuxClick={(e) => onAuxClick(e, view)}
              >
                <span className="pv-tag-title">{t(view.titleKey)}</span>
                {/* a pointer's shortcut: a button inside the tab would be a control inside a control
                    (axe: nested-interactive); keyboards and screen readers close a tab from the
                    tab's actions menu (beside the tabs, and on a right click) */}
                {!view.affix && (
                  <CloseOutlined
                    className="pv-tag-close"
                    aria-hidden
                    data-testid={`tag-close-${view.path}`}
                    onClick={(e) => {
                      e.preventDefault();
                      e.stopPropagation();
                      run('close', view);
                    }}
                  />
                )}
              </Link>
            </Dropdown>
          );
        })}
      </div>
      {current && (
        <Dropdown menu={menuFor(current)} trigger={['click']} placement="bottomRight">
          <button
            type="button"
            className="pv-tags-actions"
            aria-label={t('layout.tags.actions')}
            data-testid="tags-actions"
          >
            <CloseCircleOutlined />
            <DownOutlined style={{ fontSize: 10 }} />
          </button>
        </Dropdown>
      )}
    </div>
  );
}
