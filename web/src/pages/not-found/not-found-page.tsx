import { AlertIcon } from '../../components/alert-icon';
import { CenteredCard } from '../../components/centered-card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { pageTitle } from '../../lib/site';

const texts = {
  title: '404 Page Not Found',
  hint: 'Did you forget to add the page to the router?',
} as const;

export function NotFoundPage() {
  useDocumentTitle(pageTitle(texts.title));
  return (
    <CenteredCard title={texts.title} icon={<AlertIcon />}>
      <p>{texts.hint}</p>
    </CenteredCard>
  );
}
