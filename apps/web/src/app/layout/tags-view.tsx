import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTagsView, type TagView } from '../../stores/tags-view';

/** Tabs of visited pages (spec §2): refresh, close, close others, close all; affix tabs stay. */
export function TagsView({ home }: { home: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { visitedViews, delView, delOthersViews, delAllViews, refreshView } = useTagsView();

  const close = (view: TagView) => {
    if (view.affix) return;
    const rest = visitedViews.filter((v) => v.path !== view.path);
    delView(view);
    if (view.path === pathname) navigate(rest[rest.length - 1]?.fullPath ?? home);
  };
  const closeOthers = (view: TagView) => {
    delOthersViews(view);
    if (view.path !== pathname) navigate(view.fullPath);
  };
  const closeAll = () => {
    delAllViews();
    navigate(home);
  };

  const menuFor = (view: TagView): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tags.refresh') },
      ...(view.affix ? [] : [{ key: 'close', label: t('tags.close') }]),
      { key: 'closeOthers', label: t('tags.closeOthers') },
      { key: 'closeAll', label: t('tags.closeAll') },
    ],
    onClick: ({ key }) => {
      if (key === 'refresh') {
        refreshView(view.path);
        if (view.path !== pathname) navigate(view.fullPath);
      } else if (key === 'close') close(view);
      else if (key === 'closeOthers') closeOthers(view);
      else closeAll();
    },
  });

  return (
    <div className="pv-tags" data-testid="tags-view">
      {visitedViews.map((view) => (
        <Dropdown key={view.path} menu={menuFor(view)} trigger={['contextMenu']}>
          <Link to={view.fullPath} data-testid={`tag-${view.path}`} className={`pv-tag ${view.path === pathname ? 'pv-tag-active' : ''}`}>
            {t(view.titleKey)}
            {!view.affix && (
              <CloseOutlined
                className="pv-tag-close"
                aria-label={t('tags.close')}
                onClick={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  close(view);
                }}
              />
            )}
          </Link>
        </Dropdown>
      ))}
    </div>
  );
}
