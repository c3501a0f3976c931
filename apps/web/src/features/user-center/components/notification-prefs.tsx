import { FAULT_SEVERITIES, LANGUAGES, type NotificationPrefs } from '@pv/contract';
import { Button, Card, Form, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '@/components/language-switch';
import { useNotificationPrefs } from '@/features/user-center/api/get-notification-prefs';
import { useSaveNotificationPrefs } from '@/features/user-center/api/save-notification-prefs';
import { LoadState } from './load-state';
import { useFeedback } from '@/lib/feedback';

/** How the user is told about faults: in the console and / or by mail, from which severity, mails in which language. */
export function NotificationPrefsCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { data, isError, refetch } = useNotificationPrefs();
  const save = useSaveNotificationPrefs();
  const [form] = Form.useForm<NotificationPrefs>();
  const consoleOn = Form.useWatch('console', form);
  const mailOn = Form.useWatch('mail', form);
  if (!data) return <LoadState isError={isError} onRetry={() => void refetch()} />;
  const levels = FAULT_SEVERITIES.map((s) => ({ value: s, label: t(`notification.prefs.levels.${s}`) }));
  const { email, ...prefs } = data;
  return (
    <Card title={t('notification.prefs.title')} style={{ maxWidth: 760 }} data-testid="notification-prefs">
      <Form<NotificationPrefs>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '180px' }}
        labelWrap
        initialValues={prefs}
        onFinish={async (v) => {
          try {
            await save.mutateAsync({ ...prefs, ...v });
            void message.success(t('success.save'));
          } catch {
            // the API client has shown why
          }
        }}
      >
        <Form.Item
          name="console"
          label={t('notification.prefs.console')}
          valuePropName="checked"
          extra={t('notification.prefs.consoleHint')}
        >
          <Switch data-testid="prefs-console" />
        </Form.Item>
        <Form.Item name="minSeverity" label={t('notification.prefs.minSeverity')}>
          <Select options={levels} disabled={!consoleOn} style={{ maxWidth: 260 }} data-testid="prefs-min" />
        </Form.Item>
        <Form.Item
          name="mail"
          label={t('notification.prefs.mail')}
          valuePropName="checked"
          extra={
            email ? (
              t('notification.prefs.mailTo', { email })
            ) : (
              <Typography.Text type="warning">{t('notification.prefs.noEmail')}</Typography.Text>
            )
          }
        >
          <Switch data-testid="prefs-mail" />
        </Form.Item>
        <Form.Item name="mailMinSeverity" label={t('notification.prefs.mailMinSeverity')}>
          <Select options={levels} disabled={!mailOn} style={{ maxWidth: 260 }} data-testid="prefs-mail-min" />
        </Form.Item>
        <Form.Item name="lang" label={t('notification.prefs.lang')}>
          <Select
            disabled={!mailOn}
            style={{ maxWidth: 260 }}
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            data-testid="prefs-lang"
          />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="prefs-save">
            {t('common.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
