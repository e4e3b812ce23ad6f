import { AlertIcon } from '../../components/alert-icon';
import { CenteredCard } from '../../components/centered-card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { pageTitle } from '../../lib/site';

const texts = {
  title: 'Something went wrong',
  hint: 'Please reload the page and try again.',
} as const;

/** Shown when a page fails to render or load; the details stay in the console. */
export function ErrorPage() {
  useDocumentTitle(pageTitle(texts.title));
  return (
    <CenteredCard title={texts.title} icon={<AlertIcon />}>
      <p>{texts.hint}</p>
    </CenteredCard>
  );
}
