import { AppProviders } from '../components/AppProviders';
import { PortalRouter } from './router';
import { SkinProvider } from './skins/SkinProvider';

export function PortalApp() {
  return (
    <AppProviders>
      <SkinProvider>
        <PortalRouter />
      </SkinProvider>
    </AppProviders>
  );
}
