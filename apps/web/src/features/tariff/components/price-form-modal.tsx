import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PERIOD_DAYS,
  PERIOD_NAMES,
  PRICE_KINDS,
  PRICE_RE,
  checkTariffPeriods,
  priceBody,
  type PowerCompanyRow,
  type PriceBody,
  type PriceRow,
  type PriceSaved,
  type TariffPeriodInput,
} from '@pv/contract';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useSavePrice } from '@/features/tariff/api/save-price';
import { useFeedback } from '@/lib/feedback';
import { periodLabel } from '@/lib/tariff-period';

type Values = Omit<PriceBody, 'validFrom' | 'validTo' | 'periods'> & {
  range: [Dayjs, Dayjs | null];
  periods: TariffPeriodInput[];
};
const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** The periods a new price starts with: peak 08:00–20:00 and off-peak the rest of the day. */
const DEFAULT_PERIODS: TariffPeriodInput[] = [
  { name: 'peak', from: '08:00', to: '20:00', price: '', days: 'all', months: [] },
  { name: 'offPeak', from: '20:00', to: '08:00', price: '', days: 'all', months: [] },
];

/**
 * A period's name: one of the periods the console knows, shown in the reader's language and stored
 * as its code ("offPeak"), or a name of the user's own, typed and stored as typed.
 */
function PeriodNameSelect({
  value,
  onChange,
  testId,
}: {
  value?: string;
  onChange?: (v: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const known = PERIOD_NAMES.map((n) => ({ value: n, label: periodLabel(t, n) }));
  const own = typed.trim();
  const matches = (label: string) => label.toLowerCase().includes(own.toLowerCase());
  const options = [
    ...known,
    // the user's own name, kept as it is
    ...(value && !known.some((o) => o.value === value) ? [{ value, label: value }] : []),
    ...(own && own !== value && !known.some((o) => matches(o.label) || o.value === own)
      ? [{ value: own, label: t('tariff.periodNameOwn', { name: own }) }]
      : []),
  ];
  return (
    <Select
      showSearch={{
        searchValue: typed,
        onSearch: setTyped,
        filterOption: (input, o) => !!o && (o.value === own || matches(String(o.label))),
      }}
      value={value || undefined}
      onChange={(v: string) => (setTyped(''), onChange?.(v))}
      options={options}
      placeholder={t('tariff.periodNameHint')}
      aria-label={t('tariff.periodName')}
      popupMatchSelectWidth={false}
      style={{ width: 140 }}
      data-testid={testId}
    />
  );
}

/**
 * Create or edit an electricity price of a company: its area, kind, validity and time-of-use
 * periods. The form checks the contract's rule (the periods cover each day once) before sending;
 * the server checks it again and that no other price of the area is valid on the same days.
 */
export function PriceFormModal({
  company,
  price,
  onClose,
  onSaved,
}: {
  company: PowerCompanyRow;
  price?: PriceRow;
  onClose: () => void;
  onSaved: (saved: PriceSaved) => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useSavePrice();
  const submit = async (v: Values) => {
    const body: PriceBody = {
      companyId: company.id,
      area: v.area,
      kind: v.kind,
      validFrom: v.range[0].format('YYYY-MM-DD'),
      validTo: v.range[1] ? v.range[1].format('YYYY-MM-DD') : null,
      periods: v.periods.map((p) => ({ ...p, months: p.months ?? [] })),
    };
    try {
      const saved = await save.mutateAsync({ id: price?.id, body });
      void message.success(t(price ? 'success.update' : 'success.create'));
      onSaved(saved);
      onClose();
    } catch {
      // the API client has shown why
    }
  };
  const initial: Partial<Values> = price
    ? {
        area: price.area,
        kind: price.kind,
        range: [dayjs(price.validFrom), price.validTo ? dayjs(price.validTo) : null],
        periods: price.periods,
      }
    : {
        area: company.priceAreas[0],
        kind: 'feedIn',
        range: [dayjs().startOf('year'), null],
        periods: DEFAULT_PERIODS,
      };

  const periodsRule = {
    validator: async (_: unknown, periods: TariffPeriodInput[] | undefined) => {
      const list = (periods ?? []).filter(Boolean);
      const ok = list.every((p) => TIME.test(p.from ?? '') && TIME.test(p.to ?? ''));
      if (
        !ok ||
        checkTariffPeriods(list.map((p) => ({ ...p, days: p.days ?? 'all', months: p.months ?? [] }))) !== null
      )
        throw new Error(t('validation.timePeriod'));
    },
  };
  const timeRule = { pattern: TIME, message: t('validation.timePeriod') };

  return (
    <FormModal
      width={860}
      title={t(price ? 'tariff.editPrice' : 'tariff.createPrice', { company: company.name })}
      onClose={onClose}
      onOk={() => form.submit()}
      saving={save.isPending}
      saveTestId="price-save"
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={submit} data-testid="price-form">
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="area"
              label={t('tariff.priceArea')}
              rules={[{ required: true, message: t('tariff.priceArea') }]}
            >
              <Select options={company.priceAreas.map((a) => ({ value: a, label: a }))} data-testid="price-area" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="kind" label={t('tariff.kind')}>
              <Select
                options={PRICE_KINDS.map((k) => ({ value: k, label: t(`tariff.kinds.${k}`) }))}
                data-testid="price-kind"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="range"
              label={t('tariff.validity')}
              extra={t('tariff.validityHint')}
              rules={[
                {
                  validator: async (_, v?: [Dayjs | null, Dayjs | null]) => {
                    if (!v?.[0]) throw new Error(t('validation.day'));
                  },
                },
              ]}
            >
              <DatePicker.RangePicker allowEmpty={[false, true]} style={{ width: '100%' }} data-testid="price-range" />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="periods" rules={[periodsRule]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              <div style={{ marginBottom: 8, fontWeight: 500 }}>{t('tariff.periods')}</div>
              {fields.map((field, i) => (
                <Space
                  key={field.key}
                  align="start"
                  wrap
                  style={{ display: 'flex', marginBottom: 4 }}
                  data-testid={`period-${i}`}
                >
                  <Form.Item name={[field.name, 'name']} rules={[{ required: true, message: t('tariff.periodName') }]}>
                    <PeriodNameSelect testId={`period-name-${i}`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'from']} rules={[timeRule]}>
                    <Input placeholder="08:00" style={{ width: 80 }} data-testid={`period-from-${i}`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'to']} rules={[timeRule]}>
                    <Input placeholder="20:00" style={{ width: 80 }} data-testid={`period-to-${i}`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'price']}
                    rules={[
                      { pattern: PRICE_RE, message: t('validation.price') },
                      { required: true, message: t('validation.price') },
                    ]}
                  >
                    <Input
                      placeholder="0.25"
                      suffix={`${company.currency}/kWh`}
                      style={{ width: 150 }}
                      data-testid={`period-price-${i}`}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'days']} initialValue="all">
                    <Select
                      style={{ width: 130 }}
                      options={PERIOD_DAYS.map((d) => ({ value: d, label: t(`tariff.days.${d}`) }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'months']} initialValue={[]}>
                    <Select
                      mode="multiple"
                      allowClear
                      placeholder={t('tariff.allYear')}
                      // with the period's name, the row fits the dialog's width
                      style={{ width: 150 }}
                      maxTagCount="responsive"
                      options={MONTHS.map((m) => ({
                        value: m,
                        label: dayjs()
                          .month(m - 1)
                          .format('MMM'),
                      }))}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('common.delete')}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ name: '', from: '', to: '', price: '', days: 'all', months: [] })}
                data-testid="period-add"
              >
                {t('tariff.addPeriod')}
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form>
    </FormModal>
  );
}

/** The contract schema, for tests that want to check what the form sends. */
export const priceSchema = priceBody;
