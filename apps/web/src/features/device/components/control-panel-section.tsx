import type { DeviceRow } from '@pv/contract';
import { Alert, Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useCapabilities } from '@/features/device/api/get-capabilities';
import { commandsQuery } from '@/features/device/api/get-commands';
import { CommandHistory } from './command-history';
import { ControlPanel } from './control-panel';
import { hasControls, takesCommands } from './control-rules';

/**
 * The device page's commands: the control panel beside the history when the device takes commands
 * and the user may send them; the history alone otherwise, saying so for a device that takes none
 * (a meter only reports).
 */
export function DeviceControlSection({ device }: { device: Pick<DeviceRow, 'id' | 'name' | 'sn' | 'onlineState'> }) {
  const { t } = useTranslation();
  const { data } = useCapabilities(device.id);
  const showPanel = !!data?.canControl && hasControls(data.capabilities);
  const takesNone = !!data && !takesCommands(data.capabilities);
  // the first page the history shows (the same query): a device that takes no commands and never
  // had one gets the sentence alone, not an empty table under it
  const history = useQuery({ ...commandsQuery(device.id, 1, 10), enabled: takesNone });
  const noHistory = takesNone && history.data?.total === 0;
  return (
    <Row gutter={[16, 16]} data-testid="device-commands" aria-busy={!data}>
      {showPanel && (
        <Col xs={24} xl={9}>
          <Card title={t('device.control.title')} style={{ height: '100%' }}>
            {device.onlineState !== 'online' && (
              <Alert type="info" showIcon title={t('device.control.offlineHint')} style={{ marginBottom: 12 }} />
            )}
            <ControlPanel device={device} capabilities={data.capabilities} />
          </Card>
        </Col>
      )}
      <Col xs={24} xl={showPanel ? 15 : 24} flex="auto">
        <Card title={t('device.cmd.title')} style={{ height: '100%' }}>
          {takesNone && (
            <Alert
              type="info"
              showIcon
              title={t('device.control.takesNone')}
              style={{ marginBottom: noHistory ? 0 : 12 }}
              data-testid="control-none"
            />
          )}
          {!noHistory && <CommandHistory deviceId={device.id} />}
        </Card>
      </Col>
    </Row>
  );
}
