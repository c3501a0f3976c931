import {
  CONTRACT_STATUSES,
  PROVIDER_SERVICE_TYPES,
  PROVIDER_TYPES,
  providerBody,
  type ProviderBody,
  type ProviderRow,
} from '@pv/contract';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/lib/form-rules';
import { useSaveProvider } from '@/features/provider/api/save-provider';
import { FormModal } from '@/components/form-modal';
import { useFeedback } from '@/lib/feedback';

type Values = Omit<ProviderBody, 'lastMaintenanceAt'> & { lastMaintenanceAt?: Dayjs | null };
const shape = providerBody.shape;

/** A rule that lets an unchanged value through (a name kept from before the §5 rule, a masked phone). */
function keptOr(kept: string | null | undefined, rule: ReturnType<typeof zodRule>) {
  return {
    validator: async (r: unknown, value: unknown) => {
      if (kept && value === kept) return;
      await (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator(r, value);
    },
  };
}

/**
 * Create a service provider or edit one (`provider`). Every field checks the contract's rule
 * (§5 name, phone, contract number as an identifier, a real day) before anything is sent; the
 * number of projects is counted by the server, never typed.
 */
export function ProviderFormModal({ provider, onClose }: { provider?: ProviderRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useSaveProvider();
  const required = (field: string) => ({ required: true, message: t('validation.required', { field: t(field) }) });
  // without the sensitive-data grant the phone arrives masked: left as it is, it is not sent (kept)
  const maskedPhone = provider?.phone?.includes('****') ? provider.phone : undefined;

  const submit = async (v: Values) => {
    const body: ProviderBody = {
      ...v,
      lastMaintenanceAt: v.lastMaintenanceAt ? v.lastMaintenanceAt.format('YYYY-MM-DD') : '',
    };
    if (maskedPhone && body.phone === maskedPhone) delete body.phone;
    try {
      await save.mutateAsync(provider ? { id: provider.id, body } : { body });
      void message.success(t(provider ? 'success.update' : 'success.create'));
      onClose();
    } catch {
      // the API client has shown why; the dialog keeps what was typed
    }
  };

  const initial: Partial<Values> = provider
    ? {
        name: provider.name,
        providerType: provider.providerType,
        contact: provider.contact ?? '',
        phone: provider.phone ?? '',
        address: provider.address ?? '',
        serviceType: provider.serviceType,
        serviceArea: provider.serviceArea ?? '',
        contractNo: provider.contractNo ?? '',
        contractStatus: provider.contractStatus,
        certification: provider.certification ?? '',
        lastMaintenanceAt: provider.lastMaintenanceAt ? dayjs(provider.lastMaintenanceAt) : null,
        remarks: provider.remarks ?? '',
      }
    : { contractStatus: 'active' };

  const options = (values: readonly string[], prefix: string) =>
    values.map((v) => ({ value: v, label: t(`provider.${prefix}.${v}`) }));

  return (
    <FormModal
      width={720}
      title={t(provider ? 'provider.edit' : 'provider.create')}
      onClose={onClose}
      onOk={() => form.submit()}
      saving={save.isPending}
      saveTestId="provider-save"
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={submit} data-testid="provider-form">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              validateFirst
              name="name"
              label={t('provider.name')}
              rules={[required('provider.name'), keptOr(provider?.name, zodRule(shape.name))]}
            >
              <Input maxLength={30} showCount data-testid="provider-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="providerType" label={t('provider.providerType')}>
              <Select allowClear options={options(PROVIDER_TYPES, 'type')} data-testid="provider-type" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="contact" label={t('provider.contact')} rules={[zodRule(shape.contact)]}>
              <Input maxLength={64} data-testid="provider-contact" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="phone"
              label={t('provider.phone')}
              rules={[keptOr(maskedPhone, zodRule(shape.phone, 'validation.mobile'))]}
            >
              <Input maxLength={20} data-testid="provider-phone" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="serviceType" label={t('provider.serviceType')}>
              <Select allowClear options={options(PROVIDER_SERVICE_TYPES, 'service')} data-testid="provider-service" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="serviceArea" label={t('provider.serviceArea')} rules={[zodRule(shape.serviceArea)]}>
              <Input maxLength={255} placeholder={t('provider.serviceAreaHint')} data-testid="provider-area" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="contractNo"
              label={t('provider.contractNo')}
              rules={[zodRule(shape.contractNo, 'validation.identifier')]}
            >
              <Input maxLength={64} data-testid="provider-contract" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="contractStatus"
              label={t('provider.contractStatus')}
              rules={[required('provider.contractStatus')]}
            >
              <Select options={options(CONTRACT_STATUSES, 'status')} data-testid="provider-status" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="certification" label={t('provider.certification')} rules={[zodRule(shape.certification)]}>
              <Input maxLength={255} data-testid="provider-certification" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="lastMaintenanceAt" label={t('provider.lastMaintenanceAt')}>
              <DatePicker
                style={{ width: '100%' }}
                disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                data-testid="provider-maintenance"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="address" label={t('provider.address')} rules={[zodRule(shape.address)]}>
          <Input.TextArea maxLength={255} autoSize={{ minRows: 1, maxRows: 3 }} data-testid="provider-address" />
        </Form.Item>
        <Form.Item name="remarks" label={t('provider.remarks')} rules={[zodRule(shape.remarks)]}>
          <Input.TextArea
            maxLength={1000}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            data-testid="provider-remarks"
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
