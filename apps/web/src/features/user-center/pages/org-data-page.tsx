import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZonedTime } from '@/components/zoned-time';
import { useOwnOrg } from '@/features/user-center/api/get-own-org';
import { LoadState } from '@/features/user-center/components/load-state';

export default function OrgDataPage() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useOwnOrg();
  if (!data) return <LoadState isError={isError} onRetry={() => void refetch()} />;
  return (
    <Card title={t('route.orgData')} style={{ maxWidth: 760 }}>
      <Descriptions column={1} bordered size="small" styles={{ label: { width: 160 } }}>
        <Descriptions.Item label={t('userCenter.orgName')}>{data.name}</Descriptions.Item>
        <Descriptions.Item label={t('userCenter.orgCode')}>{data.code}</Descriptions.Item>
        <Descriptions.Item label={t('userCenter.orgType')}>
          <Tag color="purple">{t(`userCenter.group.${data.groupCode}`, { defaultValue: data.groupName })}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('userCenter.orgNumber')}>{data.number ?? t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('userCenter.groupings')}>
          {data.groupings.length
            ? data.groupings.map((g) => <Tag key={g.code}>{`${g.name} · ${g.code}`}</Tag>)
            : t('common.none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('userCenter.address')}>{data.address ?? t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('userCenter.contact')}>{data.contact ?? t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('userCenter.phone')}>{data.phone ?? t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('userCenter.createdAt')}>
          <ZonedTime value={data.createdAt} />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
