import { ArrowDownOutlined, ArrowUpOutlined, HomeOutlined, SunOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { PlantDetail } from '@pv/contract';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/quantity';

function Part({
  icon,
  title,
  value,
  note,
  testId,
}: {
  icon: ReactNode;
  title: string;
  value: number | null;
  note?: ReactNode;
  testId: string;
}) {
  const f = useFormat();
  return (
    <Col xs={12} md={6}>
      <Card size="small" data-testid={testId} style={{ height: '100%' }}>
        <Statistic
          title={
            <span>
              {icon} {title}
            </span>
          }
          value={f.power(value === null ? null : Math.abs(value))}
        />
        {note && <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 12, marginTop: 4 }}>{note}</div>}
      </Card>
    </Col>
  );
}

/** PV, battery, grid and load: only the parts whose devices exist (the server answers null for the others). */
export function EnergyFlow({ flow }: { flow: PlantDetail['energyFlow'] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const parts: ReactNode[] = [];
  if (flow.pv !== null)
    parts.push(
      <Part
        key="pv"
        testId="flow-pv"
        icon={<SunOutlined />}
        title={t('plant.flow.pv')}
        value={flow.pv}
        note={flow.pv > 0 ? t('plant.flow.producing') : t('plant.flow.idle')}
      />,
    );
  if (flow.battery !== null)
    parts.push(
      <Part
        key="battery"
        testId="flow-battery"
        icon={<ThunderboltOutlined />}
        title={t('plant.flow.battery')}
        value={flow.battery}
        note={
          <>
            {flow.battery > 0
              ? t('plant.flow.discharging')
              : flow.battery < 0
                ? t('plant.flow.charging')
                : t('plant.flow.idle')}
            {flow.batterySoc !== null && ` · SOC ${f.quantity('soc', flow.batterySoc)}`}
          </>
        }
      />,
    );
  if (flow.grid !== null)
    parts.push(
      <Part
        key="grid"
        testId="flow-grid"
        icon={flow.grid > 0 ? <ArrowDownOutlined /> : <ArrowUpOutlined />}
        title={t('plant.flow.grid')}
        value={flow.grid}
        note={
          flow.grid > 0 ? t('plant.flow.importing') : flow.grid < 0 ? t('plant.flow.exporting') : t('plant.flow.idle')
        }
      />,
    );
  if (flow.load !== null)
    parts.push(
      <Part
        key="load"
        testId="flow-load"
        icon={<HomeOutlined />}
        title={t('plant.flow.load')}
        value={flow.load}
        note={flow.load > 0 ? t('plant.flow.consuming') : t('plant.flow.idle')}
      />,
    );
  if (!parts.length) return <Empty description={t('plant.noDevices')} />;
  return <Row gutter={[12, 12]}>{parts}</Row>;
}
