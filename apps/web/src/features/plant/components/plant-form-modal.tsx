import { INSTALL_POSITIONS, plantBody, type PlantBody, type PlantRow } from '@pv/contract';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerOptionSearch } from '@/api/customer-options';
import { RemoteSelect } from '@/components/remote-select';
import { zodRule } from '@/lib/form-rules';
import { usePlantOptions } from '@/features/plant/api/get-plant-options';
import { useSavePlant } from '@/features/plant/api/save-plant';
import { optionalRule } from './rules';
import { TariffFields } from './tariff-fields';
import { useFeedback } from '@/lib/feedback';

type Values = Omit<PlantBody, 'installedAt'> & { installedAt?: Dayjs | null };

const COUNTRIES = [
  'CN',
  'JP',
  'KR',
  'IN',
  'AU',
  'NZ',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'GB',
  'PL',
  'ZA',
  'US',
  'CA',
  'MX',
  'BR',
  'CL',
  'AE',
  'SA',
  'TH',
  'VN',
  'ID',
  'PH',
  'MY',
  'SG',
];
const ZONES: string[] =
  typeof Intl.supportedValuesOf === 'function'
    ? [...Intl.supportedValuesOf('timeZone'), 'UTC']
    : ['Asia/Shanghai', 'UTC'];

/** Create (no plant) or edit a plant: every field checked by the contract's rules, as on the server. */
export function PlantFormModal({ open, plant, onClose }: { open: boolean; plant?: PlantRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useSavePlant();
  const { data: options } = usePlantOptions(open);
  const s = plantBody.shape;

  const countryNames = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language === 'zh' ? 'zh-CN' : 'en'], { type: 'region' });
    return COUNTRIES.map((c) => ({ value: c, label: `${names.of(c) ?? c} (${c})` }));
  }, [i18n.language]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (plant)
      form.setFieldsValue({
        name: plant.name,
        capacityKw: plant.capacityKw,
        country: plant.country,
        timeZone: plant.timeZone,
        address: plant.address,
        installedAt: plant.installedAt ? dayjs(plant.installedAt) : null,
        ownerId: plant.ownerId,
        installerOrgId: plant.installerOrgId,
        orgId: plant.orgId,
        installPosition: plant.installPosition,
        installCapacityWp: plant.installCapacityWp,
        latitude: plant.latitude,
        longitude: plant.longitude,
        powerCompanyId: plant.powerCompanyId,
        priceArea: plant.priceArea,
        currency: plant.currency,
      });
    else form.setFieldsValue({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, installPosition: 'roof' });
  }, [open, plant, form]);

  const submit = async (v: Values) => {
    const body: PlantBody = {
      ...v,
      installedAt: v.installedAt ? v.installedAt.valueOf() : null,
      address: v.address || null,
    };
    try {
      await save.mutateAsync({ id: plant?.id, body });
      void message.success(t(plant ? 'success.update' : 'success.create'));
      onClose();
    } catch {
      // the API client has shown the server's reason; the form stays open
    }
  };

  return (
    <Modal
      open={open}
      title={t(plant ? 'plant.editTitle' : 'plant.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      mask={{ closable: false }}
      width={760}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'plant-form-ok' } as Record<`data-${string}`, string>}
    >
      <Form<Values> form={form} name="plantForm" layout="vertical" onFinish={submit} data-testid="plant-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('plant.name')}
              rules={[
                { required: true, message: t('validation.required', { field: t('plant.name') }) },
                zodRule(s.name),
              ]}
            >
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="capacityKw"
              label={t('plant.capacityKw')}
              rules={[
                { required: true, message: t('validation.required', { field: t('plant.capacityKw') }) },
                optionalRule(s.capacityKw, 'validation.capacity'),
              ]}
            >
              <InputNumber style={{ width: '100%' }} min={0} step={0.1} suffix="kWp" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="country"
              label={t('plant.country')}
              rules={[optionalRule(s.country, 'validation.country')]}
            >
              <Select allowClear showSearch optionFilterProp="label" options={countryNames} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="timeZone"
              label={t('plant.timeZone')}
              rules={[
                { required: true, message: t('validation.required', { field: t('plant.timeZone') }) },
                zodRule(s.timeZone, 'validation.timeZone'),
              ]}
            >
              <Select showSearch options={ZONES.map((z) => ({ value: z, label: z }))} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="address" label={t('plant.address')} rules={[optionalRule(s.address)]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="installedAt" label={t('plant.installedAt')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="ownerId" label={t('plant.owner')}>
              <RemoteSelect<number>
                allowClear
                useOptions={useCustomerOptionSearch}
                currentLabel={plant?.ownerName}
                data-testid="plant-owner"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="installerOrgId" label={t('plant.installer')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                options={(options?.orgs ?? []).map((o) => ({ value: o.id, label: o.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="orgId" label={t('plant.organisation')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('plant.ownOrganisation')}
                options={(options?.orgs ?? []).map((o) => ({ value: o.id, label: o.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="installPosition" label={t('plant.installPosition')}>
              <Select
                allowClear
                options={INSTALL_POSITIONS.map((p) => ({ value: p, label: t(`plant.position.${p}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="installCapacityWp"
              label={t('plant.installCapacityWp')}
              rules={[optionalRule(s.installCapacityWp, 'validation.installCapacity')]}
            >
              <InputNumber style={{ width: '100%' }} step={100} suffix="Wp" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="latitude"
              label={t('plant.latitude')}
              rules={[optionalRule(s.latitude, 'validation.latitude')]}
            >
              <InputNumber style={{ width: '100%' }} step={0.0001} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="longitude"
              label={t('plant.longitude')}
              rules={[optionalRule(s.longitude, 'validation.longitude')]}
            >
              <InputNumber style={{ width: '100%' }} step={0.0001} />
            </Form.Item>
          </Col>
          <TariffFields form={form} open={open} />
        </Row>
      </Form>
    </Modal>
  );
}
