import type { TableProps } from 'antd';
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

/**
 * Whether a list shows its spinner: while it has no rows yet, or still shows the rows of the query
 * before (another page, filter or sort: keepPreviousData). A refetch in the background (a live
 * event, a mutation elsewhere) keeps the rows on screen without a spinner: with the fleet
 * reporting, a list would otherwise flash a spinner every few seconds (and a page hidden in a tab
 * mid-refetch would keep showing one).
 */
export const listLoading = (q: { isFetching: boolean; data: unknown; isPlaceholderData: boolean }) =>
  q.isFetching && (q.data === undefined || q.isPlaceholderData);

export interface PagingOptions<Q extends PageQuery> {
  /** Rows per page at first (20 unless said). */
  pageSize?: number;
  /** i18n key of the "{{count}} things" text beside the pager; lists that show it also offer the page-size changer. */
  totalKey?: string;
  /**
   * Server-side sorting: the query's sort fields for antd's sorter. May set `pageNum` too (a
   * list that goes back to the first page when the order changes).
   */
  sort?: (sorter: ListSorter | undefined, query: Q) => Partial<Q>;
  /** Filters the page starts with (read from its URL, say). */
  initial?: Partial<Q>;
}

export interface PagingState<Q extends PageQuery> {
  /** What the list asks the server for: paging, filters, sorting. */
  query: Q;
  setQuery: (update: (query: Q) => Q) => void;
  /** Changes one part of the query (a status tab, a checkbox) and goes back to the first page. */
  filter: (patch: Partial<Q>) => void;
  /** The props every server-paged list table shares: rows, loading, paging (and sorting). */
  tableProps: <Row extends object>(page: ListPage<Row> | undefined, loading: boolean) => TableProps<Row>;
}

/**
 * The query of a server-paged table (page, page size, filters, sort) and the antd Table props that
 * show and change it. A record page's tables (a plant's devices and faults) use it as it is; a list
 * page adds its search form with `useListPage` (lib/use-list-page.ts). It does not touch antd's
 * Form, so a page whose tables have no search form does not load the form engine (16 KB gzip).
 */
export function usePaging<Q extends PageQuery>(options: PagingOptions<Q> = {}): PagingState<Q> {
  const { pageSize = 20, totalKey, sort, initial } = options;
  const { t } = useTranslation();
  const [query, setQuery] = useState<Q>(() => ({ ...initial, pageNum: 1, pageSize }) as Q);
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

  return { query, setQuery, filter, tableProps };
}
