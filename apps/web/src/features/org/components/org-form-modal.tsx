import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { ORG_GROUPINGS_MAX, orgBody, orgGrouping, type OrgBody, type OrgTreeRow } from '@pv/contract';
import { Button, Col, Form, Input, Modal, Row, Select, Space, TreeSelect } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupLabel } from './group-label';
import { zodRule } from '@/lib/form-rules';
import { useOrgGroupOptions } from '@/features/org/api/get-org-group-options';
import { useSaveOrg } from '@/features/org/api/save-org';
import { keptOr } from './kept-rule';
import { orgTreeOptions } from '@/lib/org-tree';
import { useFeedback } from '@/lib/feedback';

type Values = Omit<OrgBody, 'groupings'> & { groupings?: { name: string; code: string }[] };

/**
 * Create an organisation under a parent (`parentId`) or edit one (`org`). Every field checks the
 * contract's rule (§5 name, identifier, code) before anything is sent.
 */
export function OrgFormModal({
  org,
  parentId,
  orgs,
  onClose,
}: {
  org?: OrgTreeRow;
  parentId?: number;
  orgs: OrgTreeRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useSaveOrg();
  const { data: groups } = useOrgGroupOptions();
  const required = (field: string) => ({ required: true, message: t('validation.required', { field: t(field) }) });
  // the ROOT type belongs to the platform organisation alone
  const groupOptions = (groups ?? [])
    .filter((g) => g.code !== 'ROOT' || org?.groupCode === 'ROOT')
    .map((g) => ({ value: g.id, label: groupLabel(g.code, g.name) }));

  // without the sensitive-data grant the phone and address arrive masked: left as they are, they are not sent (kept)
  const masked = (field: 'phone' | 'address') => !!org?.[field]?.includes('****');
  const unlessMasked = (field: 'phone' | 'address', rule: ReturnType<typeof zodRule>) =>
    keptOr(masked(field) ? (org?.[field] ?? undefined) : undefined, rule);

  const submit = async (v: Values) => {
    const body = { ...v, groupings: v.groupings ?? [] };
    if (masked('phone') && body.phone === org?.phone) delete body.phone;
    if (masked('address') && body.address === org?.address) delete body.address;
    try {
      if (org) {
        const { parentId: _p, ...update } = body;
        await save.mutateAsync({ id: org.id, body: update });
      } else await save.mutateAsync({ body });
      void message.success(t(org ? 'success.update' : 'success.create'));
      onClose();
    } catch {
      // the API client has shown why (409: the identifier is taken); the dialog keeps what was typed
    }
  };

  const initial: Partial<Values> = org
    ? {
        parentId: org.parentId ?? undefined,
        groupId: org.groupId,
        name: org.name,
        code: org.code,
        number: org.number ?? '',
        address: org.address ?? '',
        contact: org.contact ?? '',
        phone: org.phone ?? '',
        groupings: org.groupings,
      }
    : { parentId, groupings: [] };

  return (
    <Modal
      open
      width={640}
      title={t(org ? 'org.edit' : 'org.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'org-save' } as ButtonProps}
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        {!org && (
          <Form.Item name="parentId" label={t('org.parent')} rules={[required('org.parent')]}>
            <TreeSelect
              treeData={orgTreeOptions(orgs)}
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              data-testid="org-parent"
            />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('org.name')}
              rules={[required('org.name'), keptOr(org?.name, zodRule(orgBody.shape.name))]}
            >
              <Input maxLength={30} data-testid="org-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="code" label={t('org.code')} rules={[required('org.code'), zodRule(orgBody.shape.code)]}>
              <Input maxLength={64} data-testid="org-code" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="groupId" label={t('org.type')} rules={[required('org.type')]}>
              <Select options={groupOptions} data-testid="org-type" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="number" label={t('org.number')} rules={[zodRule(orgBody.shape.number)]}>
              <Input maxLength={60} data-testid="org-number" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="contact" label={t('org.contact')} rules={[zodRule(orgBody.shape.contact)]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="phone"
              label={t('org.phone')}
              rules={[unlessMasked('phone', zodRule(orgBody.shape.phone))]}
            >
              <Input maxLength={20} data-testid="org-phone" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="address"
          label={t('org.address')}
          rules={[unlessMasked('address', zodRule(orgBody.shape.address))]}
        >
          <Input.TextArea maxLength={255} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Form.Item label={t('org.groupings')} extra={t('org.groupingsHint')}>
          <Form.List
            name="groupings"
            rules={[
              {
                validator: async (_r, value: { code?: string }[] | undefined) => {
                  const codes = (value ?? []).map((g) => (g?.code ?? '').toLowerCase()).filter(Boolean);
                  if (new Set(codes).size !== codes.length) throw new Error(t('validation.orgGroupingDuplicate'));
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" style={{ display: 'flex' }} wrap>
                    <Form.Item
                      name={[field.name, 'name']}
                      rules={[required('org.groupingName'), zodRule(orgGrouping.shape.name)]}
                    >
                      <Input
                        placeholder={t('org.groupingName')}
                        maxLength={30}
                        style={{ width: 200 }}
                        data-testid={`org-grouping-name-${field.name}`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'code']}
                      rules={[required('org.groupingCode'), zodRule(orgGrouping.shape.code)]}
                    >
                      <Input
                        placeholder={t('org.groupingCode')}
                        maxLength={60}
                        style={{ width: 200 }}
                        data-testid={`org-grouping-code-${field.name}`}
                      />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(field.name)} aria-label={t('common.delete')} />
                  </Space>
                ))}
                {fields.length < ORG_GROUPINGS_MAX && (
                  <Button
                    type="dashed"
                    onClick={() => add({ name: '', code: '' })}
                    icon={<PlusOutlined />}
                    data-testid="org-grouping-add"
                  >
                    {t('org.addGrouping')}
                  </Button>
                )}
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </Modal>
  );
}
