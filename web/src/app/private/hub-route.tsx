import { HubPage } from '../../pages/hub/hub-page';
import { PrivateProviders } from './private-providers';

export default function HubRoute() {
  return (
    <PrivateProviders>
      <HubPage />
    </PrivateProviders>
  );
}
