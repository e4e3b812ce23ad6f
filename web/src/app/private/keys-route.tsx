import KeysPage from '../../pages/keys/keys-page';
import { PrivateProviders } from './private-providers';

export default function KeysRoute() {
  return (
    <PrivateProviders>
      <KeysPage />
    </PrivateProviders>
  );
}
