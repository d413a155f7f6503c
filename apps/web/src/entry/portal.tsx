import '../components/base.css';
import '../app/skins/skins.css';
import '../app/layout/portal.css';
import { preloadOpenedArea } from '../app/areas';
import { PortalApp } from '../app/PortalApp';
import { rememberShellStyles } from '../components/style-order';
import { mount } from './mount';

rememberShellStyles();

// The opened area's code (and, for the contacts, the book's first screen) downloads alongside the
// portal's. Drawing the portal before it is in would show a spinner in its place, and React holds
// back the reveal that follows, so the page waits for it a moment (never long: a slow line gets
// the spinner) and draws both at once.
const AREA_WAIT_MS = 800;
void Promise.race([
  preloadOpenedArea().catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, AREA_WAIT_MS)),
]).then(() => mount(<PortalApp />));
