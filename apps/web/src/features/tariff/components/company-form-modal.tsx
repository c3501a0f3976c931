import { powerCompanyBody, type PowerCompanyBody, type PowerCompanyRow } from '@pv/contract';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { zodRule } from '@/lib/form-rules';
import { useSavePowerCompany } from '@/features/tariff/api/save-power-company';
import { useFeedback } from '@/lib/feedback';

const shape = powerCompanyBody.shape;
/** The currencies offered first; any other ISO 4217 code may be typed. */
const COMMON_CURRENCIES = ['EUR', 'USD', 'CNY', 'JPY', 'GBP', 'INR', 'AUD', 'CHF', 'BRL', 'MXN'];

/** Create a power company or edit one (`company`); the rules are the contract's, checked again by the server. */
export function CompanyFormModal({ company, onClose }: { company?: PowerCompanyRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<PowerCompanyBody>();
  const save = useSavePowerCompany();
  const submit = async (body: PowerCompanyBody) => {
    try {
      await save.mutateAsync({ id: company?.id, body });
      void message.success(t(company ? 'success.update' : 'success.create'));
      onClose();
    } catch {
      // the API client has shown why; the dialog keeps what was typed
    }
  };
  return (
    <FormModal
      title={t(company ? 'tariff.editCompany' : 'tariff.createCompany')}
      onClose={onClose}
      onOk={() => form.submit()}
      saving={save.isPending}
      saveTestId="company-save"
    >
      <Form<PowerCompanyBody>
        form={form}
        layout="vertical"
        initialValues={
          company
            ? {
                name: company.name,
                country: company.country,
                currency: company.currency,
                priceAreas: company.priceAreas,
              }
            : { priceAreas: [] }
        }
        onFinish={submit}
        data-testid="company-form"
      >
        <Form.Item name="name" label={t('tariff.companyName')} rules={[zodRule(shape.name, 'validation.companyName')]}>
          <Input maxLength={64} data-testid="company-name" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="country"
              label={t('tariff.country')}
              rules={[zodRule(shape.country, 'validation.country')]}
              normalize={(v: string) => v.toUpperCase()}
            >
              <Input maxLength={2} placeholder="DE" data-testid="company-country" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="currency"
              label={t('tariff.currency')}
              rules={[zodRule(shape.currency, 'validation.currency')]}
              extra={company && company.plants > 0 ? t('tariff.currencyLocked') : undefined}
            >
              <Select
                showSearch
                disabled={!!company && company.plants > 0}
                options={COMMON_CURRENCIES.map((c) => ({ value: c, label: c }))}
                data-testid="company-currency"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="priceAreas"
          label={t('tariff.priceAreas')}
          extra={t('tariff.priceAreasHint')}
          rules={[zodRule(shape.priceAreas, 'validation.priceAreas')]}
        >
          <Select mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} data-testid="company-areas" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
