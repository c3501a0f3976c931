import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tooltip, type ButtonProps, type PopconfirmProps, type TooltipRef } from 'antd';
import { useState, type HTMLAttributes, type MouseEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Access } from '@/lib/access';
import { useFeedback } from '@/lib/feedback';

export interface IconActionProps extends Omit<HTMLAttributes<HTMLElement>, 'title' | 'onClick'> {
  /** The action's name: its tooltip and its accessible name. */
  title: string;
  icon: ReactNode;
  testId: string;
  onClick?: (e: MouseEvent<HTMLElement>) => void;
  /** Shown only with this permission (absent: the caller decides). */
  perm?: string;
  type?: ButtonProps['type'];
  danger?: boolean;
  ref?: Ref<TooltipRef>;
}

/**
 * A table row's action as a small icon button, named by its tooltip. What a wrapping Popconfirm
 * hands its trigger (ref, events) goes on to the tooltip, as if the tooltip stood there itself.
 */
export function IconAction({ title, icon, testId, onClick, perm, type = 'link', danger, ...trigger }: IconActionProps) {
  // a click hides the tooltip until the pointer comes back: left open, it covers what the click
  // opened (a Popconfirm's Cancel button) and, hovered, stays there
  const [clicked, setClicked] = useState(false);
  const button = (
    <Tooltip {...trigger} title={title} open={clicked ? false : undefined}>
      <Button
        type={type}
        size="small"
        danger={danger}
        icon={icon}
        onClick={(e) => {
          setClicked(true);
          onClick?.(e);
        }}
        onMouseEnter={() => setClicked(false)}
        aria-label={title}
        data-testid={testId}
      />
    </Tooltip>
  );
  return perm ? <Access perm={perm}>{button}</Access> : button;
}

export interface ConfirmActionProps extends Omit<PopconfirmProps, 'onConfirm'> {
  /** What the confirmation runs (a mutation); a failure has been shown by the API client. */
  run: () => Promise<unknown>;
  /** i18n key of the toast once it has run. */
  doneKey?: string;
}

/** A row action that asks first (a Popconfirm), runs, then says it is done. */
export function ConfirmAction({ run, doneKey = 'success.delete', ...props }: ConfirmActionProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  return (
    <Popconfirm
      {...props}
      onConfirm={async () => {
        try {
          await run();
          void message.success(t(doneKey));
        } catch {
          // the API client has shown why (still in use, refused, gone…)
        }
      }}
    />
  );
}

export interface DeleteActionProps extends Omit<ConfirmActionProps, 'children'> {
  perm: string;
  testId: string;
  type?: ButtonProps['type'];
}

/** A row's Delete as an icon button, shown with its permission: asks, deletes, says so. */
export function DeleteAction({ perm, testId, type, ...confirm }: DeleteActionProps) {
  const { t } = useTranslation();
  return (
    <Access perm={perm}>
      <ConfirmAction {...confirm}>
        <IconAction type={type} danger title={t('common.delete')} icon={<DeleteOutlined />} testId={testId} />
      </ConfirmAction>
    </Access>
  );
}
