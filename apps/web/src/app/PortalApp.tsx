import { AppProviders, QueryProvider } from '../components/AppProviders';
import { PortalRouter } from './router';
import { isSharePage, ShareApp } from './share-app';
import { SkinProvider } from './skins/SkinProvider';

export function PortalApp() {
  // A share link's page is for visitors without an account: none of the portal's signed-in
  // calls (the skin, the header) may run there, or they would send the visitor to the login.
  if (isSharePage(window.location.hash)) {
    return (
      <AppProviders>
        <ShareApp />
      </AppProviders>
    );
  }
  return (
    // The skin holds the page's one antd provider (its colours are antd's theme): see SkinProvider.
    <QueryProvider>
      <SkinProvider>
        <PortalRouter />
      </SkinProvider>
    </QueryProvider>
  );
}
