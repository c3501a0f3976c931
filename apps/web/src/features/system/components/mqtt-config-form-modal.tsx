import { mqttConfigBody, type MqttConfigBody, type MqttConfigRow } from '@pv/contract';
import { Form, Input, InputNumber, Modal, type FormRule } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { filledRule } from '@/lib/form-rules';
import { useSaveMqttConfig } from '@/features/system/api/save-mqtt-config';
import { useFeedback } from '@/lib/feedback';

const shape = mqttConfigBody.shape;

/**
 * Create or edit an MQTT/HTTP endpoint record with the contract's rules (the server checks the
 * same). The key is never shown back: on edit it stays empty and is sent only when retyped.
 */
export function MqttConfigFormModal({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record?: MqttConfigRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<MqttConfigBody>();
  const save = useSaveMqttConfig();
  const editing = !!record;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record)
      form.setFieldsValue({
        serviceAddress: record.serviceAddress,
        username: record.username,
        httpPort: record.httpPort,
        country: record.country,
        topic: record.topic,
      });
  }, [open, record, form]);

  const required = (field: string): FormRule => ({
    required: true,
    message: t('validation.required', { field: t(field) }),
  });
  const invalid = (field: string) => ({ field: t(field) });

  const submit = async (v: MqttConfigBody) => {
    const body = {
      serviceAddress: v.serviceAddress.trim(),
      username: v.username.trim(),
      httpPort: v.httpPort,
      country: v.country.trim(),
      topic: v.topic.trim(),
    };
    try {
      if (record) await save.mutateAsync({ id: record.id, body: v.userKey ? { ...body, userKey: v.userKey } : body });
      else await save.mutateAsync({ body: { ...body, userKey: v.userKey } });
      void message.success(t(record ? 'success.update' : 'success.create'));
      onClose();
    } catch {
      // the API client has shown why; the dialog stays open with what was typed
    }
  };

  return (
    <Modal
      open={open}
      title={t(editing ? 'system.mqtt.editTitle' : 'system.mqtt.createTitle')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      mask={{ closable: false }}
      destroyOnHidden
      width={560}
      okButtonProps={{ 'data-testid': 'mqtt-form-ok' } as Record<`data-${string}`, string>}
    >
      <Form<MqttConfigBody>
        form={form}
        name="mqtt-form"
        layout="vertical"
        onFinish={submit}
        preserve={false}
        data-testid="mqtt-form"
      >
        <Form.Item
          validateFirst
          name="serviceAddress"
          label={t('system.mqtt.serviceAddress')}
          extra={t('system.mqtt.serviceAddressHint')}
          rules={[
            required('system.mqtt.serviceAddress'),
            filledRule(shape.serviceAddress, 'validation.serviceAddress'),
          ]}
        >
          <Input maxLength={255} placeholder="mqtt://eu.example.com:1883" data-testid="mqtt-form-address" />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', columnGap: 16 }}>
          <Form.Item
            validateFirst
            name="username"
            label={t('system.mqtt.username')}
            rules={[
              required('system.mqtt.username'),
              filledRule(shape.username, 'validation.invalid', invalid('system.mqtt.username')),
            ]}
          >
            <Input maxLength={64} autoComplete="off" data-testid="mqtt-form-username" />
          </Form.Item>
          <Form.Item
            validateFirst
            name="userKey"
            label={t('system.mqtt.userKey')}
            extra={editing ? t('system.mqtt.keepKey') : undefined}
            rules={[
              ...(editing ? [] : [required('system.mqtt.userKey')]),
              filledRule(shape.userKey, 'validation.invalid', invalid('system.mqtt.userKey')),
            ]}
          >
            <Input.Password
              maxLength={128}
              autoComplete="new-password"
              placeholder={editing ? '••••••' : undefined}
              data-testid="mqtt-form-key"
            />
          </Form.Item>
          <Form.Item
            validateFirst
            name="httpPort"
            label={t('system.mqtt.httpPort')}
            rules={[required('system.mqtt.httpPort'), filledRule(shape.httpPort, 'validation.port')]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} placeholder="8443" data-testid="mqtt-form-port" />
          </Form.Item>
          <Form.Item
            validateFirst
            name="country"
            label={t('system.mqtt.country')}
            rules={[
              required('system.mqtt.country'),
              filledRule(shape.country, 'validation.invalid', invalid('system.mqtt.country')),
            ]}
          >
            <Input maxLength={64} data-testid="mqtt-form-country" />
          </Form.Item>
        </div>
        <Form.Item
          validateFirst
          name="topic"
          label={t('system.mqtt.topic')}
          extra={t('system.mqtt.topicHint')}
          rules={[required('system.mqtt.topic'), filledRule(shape.topic, 'validation.topic')]}
        >
          <Input maxLength={128} placeholder="pv/{sn}/up/telemetry" data-testid="mqtt-form-topic" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
