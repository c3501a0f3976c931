import { Form, type FormInstance } from 'antd';
import { usePaging, type PageQuery, type PagingOptions, type PagingState } from '@/lib/use-paging';

export { listLoading, type ListPage, type ListSorter, type PageQuery } from '@/lib/use-paging';

export interface ListPageOptions<Q extends PageQuery, F> extends PagingOptions<Q> {
  /** The search form's values as query filters, where they differ (a date range as from/to). */
  toQuery?: (filters: F) => Partial<Q>;
}

export interface ListPageState<Q extends PageQuery, F> extends PagingState<Q> {
  /** The search form (antd), reset together with the query. */
  form: FormInstance<F>;
  /** Filters from the search form: the first page of the rows that match. */
  search: (filters: F) => void;
  /** Clears the search form and every filter and sort; keeps the page size. */
  reset: () => void;
}

/** A text box left empty means "any", not "equal to ''". */
const blankToUndefined = <T extends object>(filters: T): T =>
  Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v === '' ? undefined : v])) as T;

/**
 * The state of a server-paged list page: its search form, its query (page, page size, filters,
 * sort) and the antd Table props that show and change it (lib/use-paging.ts). The query lives in
 * the page, as it always has: leaving the page and coming back starts from the first page again.
 */
export function useListPage<Q extends PageQuery, F extends object = Partial<Q>>(
  options: ListPageOptions<Q, F> = {},
): ListPageState<Q, F> {
  const paging = usePaging<Q>(options);
  const { setQuery } = paging;
  const [form] = Form.useForm<F>();
  const { toQuery } = options;
  const search = (filters: F) =>
    setQuery((q) => ({ ...q, ...blankToUndefined(toQuery ? toQuery(filters) : filters), pageNum: 1 }));
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize }) as Q);
  };
  return { ...paging, form, search, reset };
}
