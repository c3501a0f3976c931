import { Col, Form, Input, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHasPerm } from '@/lib/access';
import { usePowerCompanyOptions } from '@/features/plant/api/get-power-company-options';
import { TARIFFS_PAGE } from '@/features/plant/tariffs-page';

type TariffValues = { powerCompanyId?: number | null; priceArea?: string | null; currency?: string | null };

/**
 * The plant's tariff in its form: the power company, one of its price areas and its currency
 * (filled from the company). All three or none, as the server checks; without them the plant
 * shows no revenue.
 */
export function TariffFields({ form, open }: { form: FormInstance; open: boolean }) {
  const { t } = useTranslation();
  const can = useHasPerm();
  const { data } = usePowerCompanyOptions(open);
  const companies = data ?? [];
  const companyId = Form.useWatch<number | null | undefined>('powerCompanyId', form);
  const company = companies.find((c) => c.id === companyId);
  const onCompany = (id: number | undefined) => {
    const c = companies.find((x) => x.id === id);
    form.setFieldsValue({
      powerCompanyId: id ?? null,
      priceArea: c?.priceAreas[0] ?? null,
      currency: c?.currency ?? null,
    } satisfies TariffValues);
  };
  return (
    <>
      <Col xs={24} md={10}>
        <Form.Item
          name="powerCompanyId"
          label={t('tariff.powerCompany')}
          extra={
            <>
              {t('tariff.tariffHint')}
              {can('price:list') && (
                <>
                  {' · '}
                  {/* a new tab: what is typed in this form stays while a company or a price is added */}
                  <a href={TARIFFS_PAGE} target="_blank" rel="noopener" data-testid="plant-tariffs-link">
                    {t('tariff.openTariffs')}
                  </a>
                </>
              )}
            </>
          }
        >
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            onChange={onCompany}
            options={companies.map((c) => ({ value: c.id, label: c.name }))}
            data-testid="plant-company"
          />
        </Form.Item>
      </Col>
      <Col xs={16} md={8}>
        <Form.Item
          name="priceArea"
          label={t('tariff.priceArea')}
          dependencies={['powerCompanyId']}
          rules={[
            {
              validator: async (_, v?: string | null) => {
                if (companyId && !v) throw new Error(t('validation.required', { field: t('tariff.priceArea') }));
              },
            },
          ]}
        >
          <Select
            allowClear
            disabled={!company}
            options={(company?.priceAreas ?? []).map((a) => ({ value: a, label: a }))}
            data-testid="plant-price-area"
          />
        </Form.Item>
      </Col>
      <Col xs={8} md={6}>
        <Form.Item name="currency" label={t('tariff.currency')}>
          <Input disabled data-testid="plant-currency" />
        </Form.Item>
      </Col>
    </>
  );
}
