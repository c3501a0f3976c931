import { customerBody, type CustomerBody, type CustomerRow } from '@pv/contract';
import { Col, Form, Input, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { orgsQuery } from '@/api/orgs';
import { filledRule, zodRule } from '@/lib/form-rules';
import { useSaveCustomer } from '@/features/customer/api/save-customer';
import { FormModal } from '@/components/form-modal';
import { useFeedback } from '@/lib/feedback';

type Values = Omit<CustomerBody, 'orgId'> & { orgId?: number | null };
const shape = customerBody.shape;
const isMasked = (v: string | null | undefined) => !!v && v.includes('***');

/**
 * Create a customer or edit one (`customer`). E-mail and phone follow the spec's §5 rules; a login
 * name opens the customer's own account, whose first password the server mails. Without the
 * sensitive-data grant phone, e-mail and address arrive masked: left as they are, they are not sent
 * and the server keeps them.
 */
export function CustomerFormModal({ customer, onClose }: { customer?: CustomerRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useSaveCustomer();
  const orgs = useQuery({ ...orgsQuery(), staleTime: 60_000 });
  const masked = {
    email: isMasked(customer?.email) ? customer!.email! : undefined,
    phone: isMasked(customer?.phone) ? customer!.phone! : undefined,
    address: isMasked(customer?.address) ? customer!.address! : undefined,
  };
  const required = (field: string) => ({ required: true, message: t('validation.required', { field: t(field) }) });
  /** a masked value kept as shown passes: it is not sent */
  const keptOr = (kept: string | undefined, rule: ReturnType<typeof zodRule>) => ({
    validator: async (r: unknown, value: unknown) => {
      if (kept && value === kept) return;
      await (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator(r, value);
    },
  });
  const canOpenLogin = !customer?.loginName;

  const submit = async (v: Values) => {
    const body: CustomerBody = {
      name: v.name,
      nickname: v.nickname ?? '',
      email: v.email ?? '',
      phone: v.phone ?? '',
      address: v.address ?? '',
      ...(v.orgId ? { orgId: v.orgId } : {}),
      ...(v.loginName ? { loginName: v.loginName } : {}),
    };
    for (const k of ['email', 'phone', 'address'] as const) if (masked[k] && body[k] === masked[k]) delete body[k];
    try {
      await save.mutateAsync({ id: customer?.id, body });
      void message.success(
        v.loginName
          ? t('customer.loginMailed', { login: v.loginName })
          : t(customer ? 'success.update' : 'success.create'),
      );
      onClose();
    } catch {
      // the API client has shown why; the dialog keeps what was typed
    }
  };

  const initial: Partial<Values> = customer
    ? {
        name: customer.name,
        nickname: customer.nickname,
        email: customer.email ?? '',
        phone: customer.phone ?? '',
        address: customer.address ?? '',
        orgId: customer.orgId,
      }
    : {};

  return (
    <FormModal
      width={640}
      title={t(customer ? 'customer.edit' : 'customer.create')}
      onClose={onClose}
      onOk={() => form.submit()}
      saving={save.isPending}
      saveTestId="customer-save"
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={submit} data-testid="customer-form">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item validateFirst name="name" label={t('customer.name')} rules={[required('customer.name')]}>
              <Input maxLength={64} data-testid="customer-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="nickname" label={t('customer.nickname')}>
              <Input maxLength={64} data-testid="customer-nickname" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="email"
              label={t('customer.email')}
              rules={[keptOr(masked.email, filledRule(shape.email.unwrap(), 'validation.email'))]}
            >
              <Input maxLength={254} data-testid="customer-email" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="phone"
              label={t('customer.phone')}
              rules={[keptOr(masked.phone, filledRule(shape.phone.unwrap(), 'validation.mobile'))]}
            >
              <Input maxLength={20} data-testid="customer-phone" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="address" label={t('customer.address')}>
              <Input maxLength={200} data-testid="customer-address" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="orgId" label={t('customer.organisation')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('customer.ownOrganisation')}
                options={(orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                data-testid="customer-org"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {canOpenLogin ? (
              <Form.Item
                name="loginName"
                label={t('customer.loginName')}
                dependencies={['email']}
                extra={<Typography.Text type="secondary">{t('customer.loginHint')}</Typography.Text>}
                rules={[
                  filledRule(shape.loginName.unwrap(), 'validation.identifier'),
                  ({ getFieldValue }) => ({
                    validator: async (_r, value?: string) => {
                      if (value && !getFieldValue('email')) throw new Error(t('customer.loginEmailRequired'));
                    },
                  }),
                ]}
              >
                <Input maxLength={64} autoComplete="off" data-testid="customer-login" />
              </Form.Item>
            ) : (
              <Form.Item label={t('customer.login')}>
                <Typography.Text data-testid="customer-login-name">{customer?.loginName}</Typography.Text>
              </Form.Item>
            )}
          </Col>
        </Row>
      </Form>
    </FormModal>
  );
}
