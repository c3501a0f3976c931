import { Card, Descriptions, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import { useOwnOrg } from '../api';

export default function OrgDataPage() {
  const { t } = useTranslation();
  const { data, isPending } = useOwnOrg();
  if (isPending || !data) return <Card><Skeleton active /></Card>;
  return (
    <Card title={t('route.orgData')} style={{ maxWidth: 760 }}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('userCenter.orgName')}>{data.name}</Descriptions.Item>
        <Descriptions.Item label={t('userCenter.orgCode')}>{data.code}</Descriptions.Item>
        <Descriptions.Item label={t('userCenter.orgType')}>
          <Tag color="purple">{t(`userCenter.group.${data.groupCode}`, { defaultValue: data.groupName })}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('userCenter.address')}>{data.address ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('userCenter.contact')}>{data.contact ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('userCenter.phone')}>{data.phone ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('userCenter.createdAt')}>{formatTime(data.createdAt)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
