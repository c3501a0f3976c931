import { MinusCircleOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { DEVICE_CONTROL_MODES, timePeriod } from '@pv/contract';
import { Alert, App, Button, Form, Input, InputNumber, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/lib/form-rules';
import { usePushCommand } from '@/features/device/api/push-command';
import { needsPower, takesPeriods, toControlParams, type ControlTarget, type ControlValues } from './control-rules';

const MAX_PERIODS = 8;
const hhmm = zodRule(timePeriod.shape.start, 'validation.timePeriod');

/** Spec §9 control modes pushed to a device; periods and power checked as §5 says, here and on the server. */
export function ControlPanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ControlValues>();
  const target = Form.useWatch('target', form) ?? 'pcs';
  const mode = Form.useWatch('mode', form) ?? 'charge';
  const push = usePushCommand();
  const [error, setError] = useState<string | null>(null);

  const submit = async (v: ControlValues) => {
    const checked = toControlParams(v);
    if (!checked.ok) {
      const text = t('validation.periodAndPower');
      setError(text);
      void message.error(text);
      return;
    }
    setError(null);
    try {
      await push.mutateAsync({ id: deviceId, body: { kind: 'control', params: checked.params } });
      void message.success(t('success.push'));
    } catch {
      // the API client has shown why
    }
  };

  return (
    <Form<ControlValues>
      form={form}
      layout="vertical"
      initialValues={{ target: 'pcs', mode: 'charge', periods: [], power: undefined }}
      onFinish={submit}
      onValuesChange={() => setError(null)}
      data-testid="control-panel"
    >
      <Form.Item name="target" label={t('device.control.target')}>
        <Radio.Group
          optionType="button"
          options={(Object.keys(DEVICE_CONTROL_MODES) as ControlTarget[]).map((v) => ({
            value: v,
            label: t(`device.control.targets.${v}`),
          }))}
          onChange={(e) => form.setFieldValue('mode', DEVICE_CONTROL_MODES[e.target.value as ControlTarget][0])}
        />
      </Form.Item>
      <Form.Item name="mode" label={t('device.control.mode')}>
        <Radio.Group
          options={DEVICE_CONTROL_MODES[target].map((v) => ({ value: v, label: t(`device.control.modes.${v}`) }))}
        />
      </Form.Item>
      {takesPeriods(target) && (
        <Form.Item label={t('device.control.periods')} tooltip={t('device.control.periodsHint')}>
          <Form.List name="periods">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item name={[f.name, 'start']} rules={[hhmm]} noStyle={false} style={{ marginBottom: 0 }}>
                      <Input
                        placeholder="08:00"
                        style={{ width: 90 }}
                        aria-label={t('device.control.start')}
                        data-testid={`period-start-${f.name}`}
                      />
                    </Form.Item>
                    <span>–</span>
                    <Form.Item name={[f.name, 'end']} rules={[hhmm]} style={{ marginBottom: 0 }}>
                      <Input
                        placeholder="12:00"
                        style={{ width: 90 }}
                        aria-label={t('device.control.end')}
                        data-testid={`period-end-${f.name}`}
                      />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(f.name)} aria-label={t('device.control.removePeriod')} />
                  </Space>
                ))}
                {fields.length < MAX_PERIODS && (
                  <Button
                    type="dashed"
                    size="small"
                    icon={<PlusOutlined />}
                    onClick={() => add({ start: '', end: '' })}
                    data-testid="period-add"
                  >
                    {t('device.control.addPeriod')}
                  </Button>
                )}
              </Space>
            )}
          </Form.List>
        </Form.Item>
      )}
      {needsPower(target, mode) && (
        <Form.Item name="power" label={t('device.control.power')}>
          <InputNumber min={0} max={1_000_000} suffix="W" style={{ width: 200 }} data-testid="control-power" />
        </Form.Item>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="control-error" />}
      <Button
        type="primary"
        htmlType="submit"
        icon={<SendOutlined />}
        loading={push.isPending}
        data-testid="control-push"
      >
        {t('device.control.push')}
      </Button>
    </Form>
  );
}
