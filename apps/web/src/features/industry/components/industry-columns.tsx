import type { IndustryRow } from '@pv/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { ZonedTime } from '@/components/zoned-time';
import { IndustryIcon } from './industry-icon';

/** The industry list's columns before the actions (a pure builder; the page test reads them). */
export function industryColumns(t: TFunction) {
  return [
    { title: t('catalogue.industry.sort'), dataIndex: 'sort', width: 90 },
    {
      title: t('catalogue.industry.name'),
      dataIndex: 'name',
      render: (v: string, row: IndustryRow) => (
        <span>
          <IndustryIcon icon={row.icon} /> {v}
        </span>
      ),
    },
    { title: t('catalogue.industry.code'), dataIndex: 'code', render: (v: string) => <Tag>{v}</Tag> },
    {
      title: t('catalogue.industry.icon'),
      dataIndex: 'icon',
      render: (v: IndustryRow['icon']) => t(`catalogue.icon.${v}`),
    },
    {
      title: t('catalogue.industry.state'),
      dataIndex: 'enabled',
      width: 110,
      render: (v: boolean) => (
        <Tag color={v ? 'green' : 'default'}>{t(v ? 'catalogue.industry.enabled' : 'catalogue.industry.disabled')}</Tag>
      ),
    },
    {
      title: t('catalogue.industry.updatedAt'),
      dataIndex: 'updatedAt',
      width: 210,
      // an edit of the platform's reference data: in the reader's own zone, named
      render: (v: number) => <ZonedTime value={v} />,
    },
  ];
}
