import { DownOutlined, PlusOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, type Breakpoint, type FormInstance } from 'antd';
import { Children, isValidElement, useState, type CSSProperties, type ReactNode } from 'react';
import { hasPerm } from '@pv/contract';
import { useTranslation } from 'react-i18next';
import { Access } from '@/lib/access';
import { useSession } from '@/stores/session';
import { usePhone } from '@/lib/use-phone';

export interface SearchFormProps<F> {
  /** The list's state from useListPage: its form, search and reset. */
  list: { form: FormInstance<F>; search: (filters: F) => void; reset: () => void };
  /** The form's name (antd prefixes the fields' ids with it). */
  name?: string;
  /** data-testid of the Search button. */
  searchTestId?: string;
  style?: CSSProperties;
  /** How many filters a phone shows before "More filters" (default 1). */
  phoneFilters?: number;
  /** The filters: Form.Items (or TextFilter), each with its field's `name`. */
  children: ReactNode;
}

/** A filter value that narrows the list (what Reset clears). */
const isSet = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/**
 * A list's filters in one row, then Search (submits) and Reset (clears the filters and the query).
 * On a phone only the first `phoneFilters` filters show; the others fold behind "More filters",
 * which says how many of them are set (they stay mounted, so a folded filter still applies).
 */
export function SearchForm<F>({ list, name, searchTestId, style, phoneFilters = 1, children }: SearchFormProps<F>) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [unfolded, setUnfolded] = useState(false);
  const items = Children.toArray(children);
  const folded = phone && items.length > phoneFilters + 1 ? items.slice(phoneFilters) : [];
  const values = Form.useWatch([], list.form) as Record<string, unknown> | undefined;
  const foldedSet = folded.filter((c) => {
    const field = isValidElement<{ name?: unknown }>(c) ? c.props.name : undefined;
    return typeof field === 'string' && isSet(values?.[field]);
  }).length;
  return (
    <Form<F>
      form={list.form}
      name={name}
      layout="inline"
      onFinish={list.search}
      style={{ rowGap: 8, marginBottom: 12, ...style }}
    >
      {folded.length ? items.slice(0, phoneFilters) : items}
      {folded.length > 0 && (
        <>
          <div style={{ display: unfolded ? 'contents' : 'none' }} data-testid="folded-filters">
            {folded}
          </div>
          <Button
            type="link"
            style={{ paddingInline: 0 }}
            icon={unfolded ? <UpOutlined /> : <DownOutlined />}
            onClick={() => setUnfolded((u) => !u)}
            data-testid="more-filters"
          >
            {unfolded
              ? t('common.fewerFilters')
              : foldedSet
                ? t('common.moreFiltersSet', { count: foldedSet })
                : t('common.moreFilters')}
          </Button>
        </>
      )}
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={searchTestId}>
          {t('common.search')}
        </Button>
        <Button onClick={list.reset}>{t('common.reset')}</Button>
      </Space>
    </Form>
  );
}

export interface ListToolbarProps {
  /** The actions on the left (create, delete…), as they are. */
  left?: ReactNode;
  /** The actions on the right (refresh, export…), spaced and wrapping. */
  right?: ReactNode;
  style?: CSSProperties;
}

/** The row of actions between a list's filters and its table. */
export function ListToolbar({ left, right, style }: ListToolbarProps) {
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 8,
        justifyContent: left === undefined ? 'flex-end' : 'space-between',
        marginBottom: 12,
        ...style,
      }}
    >
      {left}
      {right !== undefined && <Space wrap>{right}</Space>}
    </div>
  );
}

export interface CreateButtonProps {
  perm: string;
  testId: string;
  onClick: () => void;
  /** What it says, when more than "Create" helps (an empty list's "Add a device"). */
  label?: string;
}

/** The Create button of a list, shown with its permission. */
export function CreateButton({ perm, testId, onClick, label }: CreateButtonProps) {
  const { t } = useTranslation();
  return (
    <Access perm={perm}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
        {label ?? t('common.create')}
      </Button>
    </Access>
  );
}

export interface TextFilterProps {
  name: string;
  label: string;
  /** Width of the box in pixels. */
  width?: number;
  testId?: string;
  placeholder?: string;
}

/** A free-text filter of a SearchForm (empty means any). */
export function TextFilter({ name, label, width = 160, testId, placeholder }: TextFilterProps) {
  return (
    <Form.Item name={name} label={label}>
      <Input allowClear style={{ width }} data-testid={testId} placeholder={placeholder} />
    </Form.Item>
  );
}

export interface ActionsColumnOptions {
  /** Kept in view at the right while the table scrolls sideways (default). */
  fixed?: boolean;
  /** Gap between the actions. */
  size?: number;
  /** Whether the actions may wrap onto a second line (default). */
  wrap?: boolean;
  /**
   * The permissions the row's actions are shown with: a user who holds none of them gets no
   * Actions column at all rather than an empty one. Absent: the actions need no permission.
   */
  perms?: readonly string[];
  /** Its width, for a table that adds up its columns into `scroll.x` (tableScrollX). */
  width?: number;
}

/**
 * The `scroll.x` of a table whose shown columns all have widths: their sum (a column hidden, or
 * left out at this screen's breakpoint by its `responsive`, counts nothing). With a number, not
 * 'max-content', the table lays out fixed: each column keeps its width and a long title or value
 * wraps inside it, so a list whose widths fit 1440 px shows every column there instead of sliding
 * its last ones under the fixed actions column (issue 42), and scrolls sideways when narrower.
 * `extra`: what the table adds itself (its selection column, 32 px).
 */
export function tableScrollX(
  columns: readonly { width?: number | string; hidden?: boolean; responsive?: readonly Breakpoint[] }[],
  screens: Partial<Record<Breakpoint, boolean>>,
  extra = 0,
): number {
  return columns
    .filter((c) => !c.hidden && (!c.responsive || c.responsive.some((b) => screens[b])))
    .reduce((sum, c) => sum + (Number(c.width) || 0), extra);
}

/** A list's Actions column: the row's actions side by side; left out when none can be shown. */
export function actionsColumn<Row>(
  title: string,
  render: (row: Row) => ReactNode,
  { fixed = true, size = 0, wrap = true, perms, width }: ActionsColumnOptions = {},
) {
  // read when the page renders its columns; a role change re-renders the pages with new permissions
  const btns = useSession.getState().info?.btns;
  const hidden = perms !== undefined && !perms.some((p) => hasPerm(btns, p));
  return {
    title,
    key: 'actions',
    hidden,
    ...(width !== undefined && { width }),
    ...(fixed && { fixed: 'right' as const }),
    render: (_: unknown, row: Row) => (
      <Space size={size} wrap={wrap}>
        {render(row)}
      </Space>
    ),
  };
}
