import { useDocumentTitle } from '../../../app/use-document-title';

/** Spec §2: the help-documentation page shows only this text. */
export default function HelpDocPage() {
  useDocumentTitle('route.helpDoc');
  return <div style={{ padding: 24 }}>帮助文档</div>;
}
