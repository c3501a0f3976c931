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

type Flow = PlantDetail['energyFlow'];
type PartKey = 'pv' | 'battery' | 'grid' | 'load';

/** Each part's word for its direction: > 0, < 0, and 0 (idle). */
const DIRECTION: Record<PartKey, [positive: string, negative: string]> = {
  pv: ['plant.flow.producing', 'plant.flow.idle'],
  battery: ['plant.flow.discharging', 'plant.flow.charging'],
  grid: ['plant.flow.importing', 'plant.flow.exporting'],
  load: ['plant.flow.consuming', 'plant.flow.idle'],
};

const ICON: Record<PartKey, (value: number) => ReactNode> = {
  pv: () => <SunOutlined />,
  battery: () => <ThunderboltOutlined />,
  grid: (v) => (v > 0 ? <ArrowDownOutlined /> : <ArrowUpOutlined />),
  load: () => <HomeOutlined />,
};

/** PV, battery, grid and load: only the parts whose devices exist (the server answers null for the others). */
export function EnergyFlow({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const f = useFormat();
  const parts = (['pv', 'battery', 'grid', 'load'] as const).flatMap((key) => {
    const value = flow[key];
    if (value === null) return [];
    const [positive, negative] = DIRECTION[key];
    const direction = t(value > 0 ? positive : value < 0 ? negative : 'plant.flow.idle');
    const soc = key === 'battery' && flow.batterySoc !== null ? ` · SOC ${f.quantity('soc', flow.batterySoc)}` : '';
    return [
      <Part
        key={key}
        testId={`flow-${key}`}
        icon={ICON[key](value)}
        title={t(`plant.flow.${key}`)}
        value={value}
        note={direction + soc}
      />,
    ];
  });
  if (!parts.length) return <Empty description={t('plant.noDevices')} />;
  return <Row gutter={[12, 12]}>{parts}</Row>;
}
