import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import type { PlantDetail } from '@pv/contract';
import { Button, Card, Col, Descriptions, Row, Skeleton, Space, Statistic, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Access } from '@/lib/access';
import { formatTime } from '@/lib/format';
import { ZonedTime } from '@/components/zoned-time';
import { zoneAbbreviation, zoneFullName } from '@/lib/time-zone';
import { useFormat } from '@/lib/quantity';
import { EnergyFlow } from '@/features/plant/components/energy-flow';
import { PlantStatusTag } from '@/features/plant/components/plant-status';
import { ProductionChart } from '@/features/plant/components/production-chart';
import { lazyNamed, OnceOpened } from '@/components/lazy-modal';
import { NearScreen } from '@/components/near-screen';
import { Text } from '@/components/text';

// Dialogs load when first opened (components/lazy-modal.tsx). Below the first screen, the revenue
// card and the devices, faults and authorised users' tabs load when scrolled near (antd's Table,
// Tabs and pager: about 37 KB gzip). Their placeholders are cards of about their height.
const PlantFormModal = lazyNamed(() => import('@/features/plant/components/plant-form-modal'), 'PlantFormModal');
const RevenueCard = lazyNamed(() => import('@/features/plant/components/revenue-card'), 'RevenueCard');
const PlantTables = lazyNamed(() => import('@/features/plant/components/plant-tables'), 'PlantTables');

// still until scrolled near (nothing loads yet), active while the code loads
const placeholder = (rows: number, active: boolean) => (
  <Card size="small">
    <Skeleton active={active} paragraph={{ rows }} />
  </Card>
);
const REVENUE = { placeholder: placeholder(7, false), fallback: placeholder(7, true) };
const TABLES = { placeholder: placeholder(8, false), fallback: placeholder(8, true) };

/**
 * A plant's page once it is read (pages/plant-detail-page.tsx shows the skeleton and "not found"):
 * facts, weather, production, revenue, energy flow, devices, faults, authorised users. Loaded on
 * demand, beside the plant's data, so that a page without a plant does not load its charts and tables.
 */
export function PlantDetailView({ plant: p }: { plant: PlantDetail }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card
        // the title wraps instead of ending in "…": on a phone the zone ("America/Sao_Paulo") is a line of its own
        styles={{ title: { whiteSpace: 'normal', overflow: 'visible', paddingBlock: 8 } }}
        title={
          <Space wrap>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              onClick={() => void navigate('/power_station/power_station_list')}
              aria-label={t('plant.backToList')}
            />
            <span data-testid="plant-detail-name">{p.name}</span>
            <PlantStatusTag status={p.status} />
            {p.access === 'grant' && <Tag color="purple">{t('plant.grantedToYou')}</Tag>}
            <Text
              type="secondary"
              style={{ fontSize: 12, fontWeight: 'normal' }}
              title={zoneFullName(p.timeZone, Date.now(), i18n.language)}
              data-testid="plant-zone"
            >
              {t('time.plantZone', {
                zone: `${zoneAbbreviation(p.timeZone, Date.now(), i18n.language)} · ${p.timeZone}`,
              })}
            </Text>
          </Space>
        }
        extra={
          p.access === 'org' && (
            <Access perm="plant:update">
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="plant-detail-edit">
                {t('common.update')}
              </Button>
            </Access>
          )
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('plant.capacity')}>{f.capacity(p.capacityKw * 1000)}</Descriptions.Item>
          <Descriptions.Item label={t('plant.installCapacity')}>
            {p.installCapacityWp ? f.capacity(p.installCapacityWp) : '—'}
          </Descriptions.Item>
          <Descriptions.Item
            label={t('plant.countryTimeZone')}
          >{`${p.country ? `${p.country} / ` : ''}${p.timeZone}`}</Descriptions.Item>
          <Descriptions.Item label={t('plant.address')}>{p.address ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('plant.coordinates')}>
            {p.latitude !== null && p.longitude !== null ? `${p.latitude}, ${p.longitude}` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('plant.installPosition')}>
            {p.installPosition ? t(`plant.position.${p.installPosition}`) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('plant.installedAt')}>
            {p.installedAt ? formatTime(p.installedAt, 'YYYY-MM-DD', p.timeZone) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('plant.dataUpdatedAt')}>
            {/* beside a long label on a phone ("Última actualización de datos") it takes two lines */}
            <ZonedTime value={p.dataUpdatedAt} timeZone={p.timeZone} wrap />
          </Descriptions.Item>
          <Descriptions.Item label={t('plant.owner')}>
            {p.owner
              ? `${p.owner.name}${p.owner.phone ? ` · ${p.owner.phone}` : ''}${p.owner.email ? ` · ${p.owner.email}` : ''}`
              : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('plant.installer')}>{p.installerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('plant.organisation')}>{p.orgName}</Descriptions.Item>
          <Descriptions.Item
            label={t('plant.devicesOnline')}
          >{`${f.count(p.devicesOnline)} / ${f.count(p.devices)}`}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16}>
          <Card title={t('plant.production')} size="small" style={{ height: '100%' }}>
            <Row gutter={[12, 12]} style={{ marginBottom: 8 }}>
              {(
                [
                  ['power', f.power(p.power)],
                  ['energyToday', f.energy(p.energyToday)],
                  ['energyMonth', f.energy(p.energyMonth)],
                  ['energyYear', f.energy(p.energyYear)],
                  ['energyTotal', f.energy(p.energyTotal)],
                ] as const
              ).map(([key, value]) => (
                <Col key={key} xs={12} sm={8} lg={4}>
                  <Statistic title={t(`plant.${key}`)} value={value} />
                </Col>
              ))}
            </Row>
            <ProductionChart plantId={p.id} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            <Card title={t('plant.weather.title')} size="small" data-testid="plant-weather">
              <Row gutter={[8, 8]}>
                <Col span={12}>
                  <Statistic
                    title={t('plant.weather.temperature')}
                    value={f.quantity('temperature', p.weather.temperature)}
                  />
                </Col>
                <Col span={12}>
                  <Statistic title={t('plant.weather.humidity')} value={f.quantity('humidity', p.weather.humidity)} />
                </Col>
                <Col span={12}>
                  <Statistic
                    title={t('plant.weather.windSpeed')}
                    value={f.quantity('windSpeed', p.weather.windSpeed)}
                  />
                </Col>
                <Col span={12}>
                  <Statistic
                    title={t('plant.weather.airPressure')}
                    value={f.quantity('airPressure', p.weather.airPressure)}
                  />
                </Col>
              </Row>
            </Card>
            <Card title={t('plant.performance')} size="small">
              <Row gutter={[8, 8]}>
                <Col span={12}>
                  <Statistic title={t('plant.specificYield')} value={f.quantity('specificYield', p.specificYield)} />
                </Col>
                <Col span={12}>
                  <Tooltip
                    title={p.performanceRatioNote ? t(`plant.prNote.${p.performanceRatioNote}`) : t('plant.prHelp')}
                  >
                    <Statistic title={t('plant.performanceRatio')} value={f.quantity('ratio', p.performanceRatio)} />
                  </Tooltip>
                </Col>
              </Row>
            </Card>
          </Space>
        </Col>
      </Row>

      <NearScreen {...REVENUE} data-testid="plant-part-revenue">
        <RevenueCard plant={p} />
      </NearScreen>

      <Card title={t('plant.energyFlow')} size="small">
        <EnergyFlow flow={p.energyFlow} />
      </Card>

      <NearScreen {...TABLES} data-testid="plant-part-tables">
        <PlantTables plant={p} />
      </NearScreen>
      <OnceOpened open={editing}>
        <PlantFormModal open={editing} plant={p} onClose={() => setEditing(false)} />
      </OnceOpened>
    </Space>
  );
}
