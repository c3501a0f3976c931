import { useDocumentTitle } from '@/lib/brand';

/** Spec §2: the help-documentation page shows only this text. */
export default function HelpDocPage() {
  useDocumentTitle('public.title.helpDoc');
  return <div style={{ padding: 24 }}>帮助文档</div>;
}
