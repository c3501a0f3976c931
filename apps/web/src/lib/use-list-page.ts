import { Form, type FormInstance, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The paging every list endpoint takes (`GET /<things>?pageNum=1&pageSize=20&...filters`). */
export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

/** A page of a list as the server answers it. */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
}

/** What a sortable column's click says: which column and which way (none when cleared). */
export type ListSorter = Pick<SorterResult<unknown>, 'columnKey' | 'order'>;

export interface ListPageOptions<Q extends PageQuery, F> {
  /** Rows per page at first (20 unless said). */
  pageSize?: number;
  /** i18n key of the "{{count}} things" text beside the pager; lists that show it also offer the page-size changer. */
  totalKey?: string;
  /** The search form's values as query filters, where they differ (a date range as from/to). */
  toQuery?: (filters: F) => Partial<Q>;
  /**
   * Server-side sorting: the query's sort fields for antd's sorter. May set `pageNum` too (a
   * list that goes back to the first page when the order changes).
   */
  sort?: (sorter: ListSorter | undefined, query: Q) => Partial<Q>;
  /** Filters the page starts with (read from its URL, say). */
  initial?: Partial<Q>;
}

export interface ListPageState<Q extends PageQuery, F> {
  /** The search form (antd), reset together with the query. */
  form: FormInstance<F>;
  /** What the list asks the server for: paging, filters, sorting. */
  query: Q;
  setQuery: (update: (query: Q) => Q) => void;
  /** Filters from the search form: the first page of the rows that match. */
  search: (filters: F) => void;
  /** Clears the search form and every filter and sort; keeps the page size. */
  reset: () => void;
  /** Changes one part of the query (a status tab, a checkbox) and goes back to the first page. */
  filter: (patch: Partial<Q>) => void;
  /** The props every server-paged list table shares: rows, loading, paging (and sorting). */
  tableProps: <Row extends object>(page: ListPage<Row> | undefined, loading: boolean) => TableProps<Row>;
}

/**
 * Whether a list shows its spinner: while it has no rows yet, or still shows the rows of the query
 * before (another page, filter or sort: keepPreviousData). A refetch in the background (a live
 * event, a mutation elsewhere) keeps the rows on screen without a spinner: with the fleet
 * reporting, a list would otherwise flash a spinner every few seconds (and a page hidden in a tab
 * mid-refetch would keep showing one).
 */
export const listLoading = (q: { isFetching: boolean; data: unknown; isPlaceholderData: boolean }) =>
  q.isFetching && (q.data === undefined || q.isPlaceholderData);

/** A text box left empty means "any", not "equal to ''". */
const blankToUndefined = <T extends object>(filters: T): T =>
  Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v === '' ? undefined : v])) as T;

/**
 * The state of a server-paged list page: its search form, its query (page, page size, filters,
 * sort) and the antd Table props that show and change it. The query lives in the page, as it
 * always has: leaving the page and coming back starts from the first page again.
 */
export function useListPage<Q extends PageQuery, F extends object = Partial<Q>>(
  options: ListPageOptions<Q, F> = {},
): ListPageState<Q, F> {
  const { pageSize = 20, totalKey, toQuery, sort, initial } = options;
  const { t } = useTranslation();
  const [form] = Form.useForm<F>();
  const [query, setQuery] = useState<Q>(() => ({ ...initial, pageNum: 1, pageSize }) as Q);

  const search = (filters: F) =>
    setQuery((q) => ({ ...q, ...blankToUndefined(toQuery ? toQuery(filters) : filters), pageNum: 1 }));
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize }) as Q);
  };
  const filter = (patch: Partial<Q>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));

  const tableProps = <Row extends object>(page: ListPage<Row> | undefined, loading: boolean): TableProps<Row> => ({
    rowKey: 'id',
    size: 'middle',
    loading,
    dataSource: page?.rows ?? [],
    scroll: { x: 'max-content' },
    pagination: {
      current: query.pageNum,
      pageSize: query.pageSize,
      total: page?.total ?? 0,
      ...(totalKey && { showSizeChanger: true, showTotal: (total: number) => t(totalKey, { count: total }) }),
      // a sortable table hears paging and sorting together in its onChange below
      ...(!sort && {
        onChange: (pageNum: number, size: number) => setQuery((q) => ({ ...q, pageNum, pageSize: size })),
      }),
    },
    ...(sort && {
      onChange: (pagination, _filters, sorter) => {
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        setQuery((q) => ({
          ...q,
          pageNum: pagination.current ?? 1,
          pageSize: pagination.pageSize ?? q.pageSize,
          ...sort(s, q),
        }));
      },
    }),
  });

  return { form, query, setQuery, search, reset, filter, tableProps };
}
