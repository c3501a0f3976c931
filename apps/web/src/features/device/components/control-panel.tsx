import { MinusCircleOutlined, PlusOutlined, PoweroffOutlined, SendOutlined } from '@ant-design/icons';
import {
  checkCommand,
  timePeriod,
  type DeviceRow,
  type ProductCapabilities,
  type PushCommandBody,
  type SettingCapability,
} from '@pv/contract';
import { Alert, Button, Divider, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/lib/form-rules';
import { usePushCommand } from '@/features/device/api/push-command';
import {
  confirmControlTitle,
  confirmControlWhen,
  deviceNamed,
  formatSetPoint,
  powerRangeOf,
  powerRefusal,
  refusalText,
  settingLabel,
  takesPeriods,
  toControlParams,
  type ControlTarget,
  type ControlValues,
} from './control-rules';
import { useFeedback } from '@/lib/feedback';

const MAX_PERIODS = 8;
const hhmm = zodRule(timePeriod.shape.start, 'validation.timePeriod');

type Device = Pick<DeviceRow, 'id' | 'name' | 'sn'>;

/**
 * Asks before a command goes: the question names the device and the value; only "Send" sends it,
 * and "Push Success" follows. A refusal is shown by the API client and leaves the question closed.
 */
function useConfirmedPush(device: Device) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const push = usePushCommand();
  return {
    pending: push.isPending,
    ask: (title: string, content: ReactNode, body: PushCommandBody, danger = false) =>
      modal.confirm({
        title,
        content,
        okText: t('device.control.send'),
        cancelText: t('common.cancel'),
        okButtonProps: { danger, 'data-testid': 'command-confirm-ok' },
        cancelButtonProps: { 'data-testid': 'command-confirm-cancel' },
        onOk: async () => {
          try {
            await push.mutateAsync({ id: device.id, body });
            void message.success(t('success.push'));
          } catch {
            // the API client has shown why
          }
        },
      }),
  };
}

/** The operating modes the device declares (PCS / MPPT / battery), with its power range; spec §5 periods and power. */
function ModeControl({ device, caps }: { device: Device; caps: ProductCapabilities }) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<ControlValues>();
  const first = caps.controls[0]!;
  const target = (Form.useWatch('target', form) ?? first.target) as ControlTarget;
  const declared = caps.controls.find((c) => c.target === target) ?? first;
  const mode = Form.useWatch('mode', form) ?? declared.modes[0]!;
  const range = powerRangeOf(caps, target, mode);
  const { ask, pending } = useConfirmedPush(device);
  const [error, setError] = useState<string | null>(null);
  const fail = (text: string) => {
    setError(text);
    void message.error(text);
  };

  const submit = (v: ControlValues) => {
    const checked = toControlParams(v);
    if (!checked.ok) return fail(t('validation.periodAndPower'));
    const refusal = checkCommand(device.sn, caps, { kind: 'control', params: checked.params });
    if (refusal) return fail(refusalText(t, refusal));
    setError(null);
    const when = confirmControlWhen(t, checked.params);
    ask(
      confirmControlTitle(t, i18n.language, device, checked.params),
      when && <span data-testid="command-confirm-when">{when}</span>,
      { kind: 'control', params: checked.params },
    );
  };

  return (
    <Form<ControlValues>
      form={form}
      layout="vertical"
      initialValues={{ target: first.target, mode: first.modes[0], periods: [], power: undefined }}
      onFinish={submit}
      onValuesChange={() => setError(null)}
      data-testid="control-panel"
    >
      {caps.controls.length > 1 && (
        <Form.Item name="target" label={t('device.control.target')}>
          <Radio.Group
            optionType="button"
            options={caps.controls.map((c) => ({ value: c.target, label: t(`device.control.targets.${c.target}`) }))}
            onChange={(e) =>
              form.setFieldsValue({
                mode: caps.controls.find((c) => c.target === e.target.value)?.modes[0],
                power: undefined,
              })
            }
            data-testid="control-target"
          />
        </Form.Item>
      )}
      <Form.Item
        name="mode"
        label={
          caps.controls.length > 1
            ? t('device.control.mode')
            : t('device.control.modeOf', { target: t(`device.control.targets.${target}`) })
        }
      >
        <Radio.Group
          options={declared.modes.map((v) => ({ value: v, label: t(`device.control.modes.${v}`) }))}
          data-testid="control-mode"
        />
      </Form.Item>
      {takesPeriods(target) && (
        <Form.Item label={t('device.control.periods')} tooltip={t('device.control.periodsHint')}>
          <Form.List name="periods">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item name={[f.name, 'start']} rules={[hhmm]} style={{ marginBottom: 0 }}>
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
      {range && (
        <Form.Item
          name="power"
          label={t('device.control.power')}
          extra={t('device.control.range', {
            min: formatSetPoint(range.min, 'W', i18n.language),
            max: formatSetPoint(range.max, 'W', i18n.language),
            step: formatSetPoint(range.step, 'W', i18n.language),
          })}
          rules={[
            {
              // the device's range, with the server's message; no min/max on the input, which
              // would silently clamp what was typed
              validator: async (_r, value: number | null | undefined) => {
                const refusal = powerRefusal(device.sn, caps, target, mode, value);
                if (refusal) throw new Error(refusalText(t, refusal));
              },
            },
          ]}
        >
          <InputNumber step={range.step} suffix="W" style={{ width: 200 }} data-testid="control-power" />
        </Form.Item>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="control-error" />}
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={pending} data-testid="control-push">
        {t('device.control.push')}
      </Button>
    </Form>
  );
}

/** The named settings the device declares (an inverter's active power limit), within their ranges. */
function SettingControl({ device, caps }: { device: Device; caps: ProductCapabilities }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ name: string; value?: number | null }>();
  const name = Form.useWatch('name', form) ?? caps.settings[0]!.name;
  const setting: SettingCapability = caps.settings.find((s) => s.name === name) ?? caps.settings[0]!;
  const { ask, pending } = useConfirmedPush(device);
  const body = (value: number): PushCommandBody => ({ kind: 'setting', params: { [setting.name]: value } });

  const submit = ({ value }: { value?: number | null }) => {
    if (typeof value !== 'number') return;
    ask(
      t('device.control.confirmSetting', {
        setting: settingLabel(t, setting.name),
        device: deviceNamed(t, device),
        value: formatSetPoint(value, setting.unit, i18n.language),
      }),
      null,
      body(value),
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ name: caps.settings[0]!.name }}
      onFinish={submit}
      data-testid="setting-panel"
    >
      <Form.Item name="name" label={t('device.control.setting')} hidden={caps.settings.length === 1}>
        <Select
          options={caps.settings.map((s) => ({ value: s.name, label: settingLabel(t, s.name) }))}
          onChange={() => form.setFieldValue('value', undefined)}
        />
      </Form.Item>
      <Form.Item
        name="value"
        label={settingLabel(t, setting.name)}
        extra={t('device.control.range', {
          min: formatSetPoint(setting.min, setting.unit, i18n.language),
          max: formatSetPoint(setting.max, setting.unit, i18n.language),
          step: formatSetPoint(setting.step, setting.unit, i18n.language),
        })}
        rules={[
          { required: true, message: t('device.required', { field: settingLabel(t, setting.name) }) },
          {
            validator: async (_r, value: number | null | undefined) => {
              if (value === null || value === undefined) return;
              const refusal = checkCommand(device.sn, caps, body(value));
              if (refusal) throw new Error(refusalText(t, refusal));
            },
          },
        ]}
      >
        <InputNumber step={setting.step} suffix={setting.unit} style={{ width: 200 }} data-testid="setting-value" />
      </Form.Item>
      <Button htmlType="submit" icon={<SendOutlined />} loading={pending} data-testid="setting-push">
        {t('device.control.set')}
      </Button>
    </Form>
  );
}

function Restart({ device }: { device: Device }) {
  const { t } = useTranslation();
  const { ask, pending } = useConfirmedPush(device);
  return (
    <Space orientation="vertical" size={8}>
      <Typography.Text type="secondary">{t('device.control.restartHint')}</Typography.Text>
      <Button
        danger
        icon={<PoweroffOutlined />}
        loading={pending}
        onClick={() =>
          ask(
            t('device.control.confirmRestart', { device: deviceNamed(t, device) }),
            t('device.control.restartHint'),
            { kind: 'reboot', params: {} },
            true,
          )
        }
        data-testid="reboot-push"
      >
        {t('device.control.restart')}
      </Button>
    </Space>
  );
}

/**
 * What the console can tell this device, and only that: the modes, settings and restart its product
 * declares (the contract's capabilities), each value checked against the declared range with the
 * server's own rule and message, and each command sent only after a confirmation naming the device.
 */
export function ControlPanel({ device, capabilities }: { device: Device; capabilities: ProductCapabilities }) {
  const { t } = useTranslation();
  const sections: { key: string; title: string; body: ReactNode }[] = [];
  if (capabilities.controls.length)
    sections.push({
      key: 'modes',
      title: t('device.control.modesTitle'),
      body: <ModeControl device={device} caps={capabilities} />,
    });
  if (capabilities.settings.length)
    sections.push({
      key: 'settings',
      title: t('device.control.settingsTitle'),
      body: <SettingControl device={device} caps={capabilities} />,
    });
  if (capabilities.reboot)
    sections.push({ key: 'restart', title: t('device.control.restartTitle'), body: <Restart device={device} /> });
  return (
    <div data-testid="device-controls">
      {sections.map((s, i) => (
        <div key={s.key}>
          {sections.length > 1 && (
            <Divider titlePlacement="start" plain style={{ marginTop: i === 0 ? 0 : 16 }}>
              {s.title}
            </Divider>
          )}
          {s.body}
        </div>
      ))}
    </div>
  );
}
