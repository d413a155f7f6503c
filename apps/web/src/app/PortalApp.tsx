import { QueryProvider } from '../components/QueryProvider';
import { PortalRouter } from './router';
import { isSharePage, ShareApp } from './share-app';
import { SkinProvider } from './skins/SkinProvider';

export function PortalApp() {
  // A share link's page is for visitors without an account: none of the portal's signed-in
  // calls (the skin, the header) may run there, or they would send the visitor to the login.
  if (isSharePage(window.location.hash)) {
    return (
      <QueryProvider>
        <ShareApp />
      </QueryProvider>
    );
  }
  return (
    // The skin gives its colours to the antd scope of the page below (see SkinProvider, AntdScope).
    <QueryProvider>
      <SkinProvider>
        <PortalRouter />
      </SkinProvider>
    </QueryProvider>
  );
}
