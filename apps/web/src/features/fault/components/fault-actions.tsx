import { CheckOutlined, EditOutlined, ToolOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { canTransition, FAULT_NOTE_MAX, type FaultRow } from '@pv/contract';
import { Button, Input, Popconfirm, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '@/components/row-actions';
import { Access } from '@/lib/access';
import { useAcknowledgeFault } from '@/features/fault/api/acknowledge-fault';
import { useStartFault } from '@/features/fault/api/start-fault';
import { useRepairFault } from '@/features/fault/api/repair-fault';
import { useAddFaultNote } from '@/features/fault/api/add-fault-note';
import { useFeedback } from '@/lib/feedback';

type Target = Pick<FaultRow, 'id' | 'code' | 'deviceName' | 'sn' | 'processing'>;

/** The device as a confirmation names it: its name and SN. */
export const deviceLabel = (f: Pick<FaultRow, 'deviceName' | 'sn'>) =>
  f.deviceName && f.deviceName !== f.sn ? `${f.deviceName} (${f.sn})` : f.sn;

/**
 * What a person may do to a fault, each step asked first and naming the device and the code:
 * acknowledge, start the repair, repair (with an optional note), add a note. Shown with fault:repair;
 * only the steps its processing state allows.
 */
export function FaultActions({
  fault,
  size = 'small',
  compact = false,
}: {
  fault: Target;
  size?: 'small' | 'middle';
  /** icons named by their tooltips (a table row) */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const acknowledge = useAcknowledgeFault();
  const start = useStartFault();
  const repair = useRepairFault();
  const addNote = useAddFaultNote();
  const names = { code: fault.code, device: deviceLabel(fault) };
  const done = (msg: string, fallbackKey: string) => void message.success(msg || t(fallbackKey));
  const run = async (m: { mutateAsync: (v: { id: number }) => Promise<{ msg: string }> }) => {
    try {
      const res = await m.mutateAsync({ id: fault.id });
      done(res.msg, 'success.update');
    } catch {
      // the API client has shown why (already handled by someone else, out of scope)
    }
  };

  const askRepair = () => {
    const input = { note: '' };
    modal.confirm({
      title: t('fault.confirm.repair', names),
      icon: <SafetyCertificateOutlined style={{ color: '#52c41a' }} />,
      content: (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('fault.confirm.repairHint')}
          </Typography.Paragraph>
          <Input.TextArea
            rows={3}
            maxLength={FAULT_NOTE_MAX}
            placeholder={t('fault.notePlaceholder')}
            aria-label={t('fault.note')}
            onChange={(e) => (input.note = e.target.value)}
            data-testid="fault-repair-note"
          />
        </>
      ),
      okText: t('fault.actions.repair'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'fault-repair-ok' },
      cancelButtonProps: { 'data-testid': 'fault-repair-cancel' },
      maskClosable: false,
      onOk: async () => {
        const note = input.note.trim();
        try {
          const res = await repair.mutateAsync({ id: fault.id, note: note || undefined });
          done(res.msg, 'success.repair');
        } catch {
          // shown by the API client
        }
      },
      onCancel: () => void message.info(t('fault.repairCancelled')),
    });
  };

  const askNote = () => {
    const input = { note: '' };
    modal.confirm({
      title: t('fault.noteTitle', names),
      icon: <EditOutlined />,
      content: (
        <Input.TextArea
          rows={4}
          maxLength={FAULT_NOTE_MAX}
          showCount
          autoFocus
          aria-label={t('fault.note')}
          onChange={(e) => (input.note = e.target.value)}
          data-testid="fault-note-input"
        />
      ),
      okText: t('common.save'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'fault-note-ok' },
      onOk: async () => {
        const note = input.note.trim();
        if (!note) {
          void message.warning(t('fault.noteRequired'));
          // keeps the dialog open
          throw new Error('empty note');
        }
        try {
          await addNote.mutateAsync({ id: fault.id, note });
          void message.success(t('fault.noteAdded'));
        } catch {
          // shown by the API client
        }
      },
    });
  };

  // a table row shows the steps as icons named by their tooltips; the drawer and the cards spell them out
  const action = (
    key: string,
    icon: ReactNode,
    label: string,
    testId: string,
    extra: { onClick?: () => void; loading?: boolean } = {},
  ) =>
    compact ? (
      <IconAction key={key} title={label} icon={icon} testId={testId} onClick={extra.onClick} />
    ) : (
      <Button
        key={key}
        type="link"
        size={size}
        icon={icon}
        onClick={extra.onClick}
        loading={extra.loading}
        data-testid={testId}
      >
        {label}
      </Button>
    );
  return (
    <Access perm="fault:repair">
      {canTransition(fault.processing, 'acknowledge') && (
        <Popconfirm
          title={t('fault.confirm.acknowledge', names)}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={() => run(acknowledge)}
          onCancel={() => void message.info(t('fault.cancelled'))}
        >
          {action('ack', <CheckOutlined />, t('fault.actions.acknowledge'), `fault-ack-${fault.id}`, {
            loading: acknowledge.isPending,
          })}
        </Popconfirm>
      )}
      {canTransition(fault.processing, 'start') && (
        <Popconfirm
          title={t('fault.confirm.start', names)}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={() => run(start)}
          onCancel={() => void message.info(t('fault.cancelled'))}
        >
          {action('start', <ToolOutlined />, t('fault.actions.start'), `fault-start-${fault.id}`, {
            loading: start.isPending,
          })}
        </Popconfirm>
      )}
      {canTransition(fault.processing, 'repair') &&
        action('repair', <SafetyCertificateOutlined />, t('fault.actions.repair'), `fault-repair-${fault.id}`, {
          onClick: askRepair,
          loading: repair.isPending,
        })}
      {action('note', <EditOutlined />, t('fault.actions.addNote'), `fault-note-${fault.id}`, { onClick: askNote })}
    </Access>
  );
}
